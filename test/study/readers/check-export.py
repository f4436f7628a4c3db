# Reads every CSV file of a `study export` as the codebook says (only empty fields missing) and checks it against
# codebook.csv: the columns in order, and each column's type as the codebook says.
# Prints one line per file: name, columns, rows, problems (empty when none), tab-separated.
import sys

import pandas as pd

folder = sys.argv[1]
book = pd.read_csv(f"{folder}/codebook.csv", keep_default_na=False, na_values=[""])


def reads_as(v, present, kind):
    if kind == 'integer':
        return pd.api.types.is_integer_dtype(v) or (pd.api.types.is_float_dtype(v) and bool((present % 1 == 0).all()))
    if kind == 'number':
        return pd.api.types.is_numeric_dtype(v) and not pd.api.types.is_bool_dtype(v)
    if kind == 'logical':
        return pd.api.types.is_bool_dtype(v) or bool(present.map(lambda x: isinstance(x, bool)).all())
    if kind == 'datetime':
        return v.dtype == object and bool(pd.to_datetime(present, utc=True, errors='coerce').notna().all())
    return True  # text: any column reads as text


for file in book['file'].drop_duplicates():
    columns = book[book['file'] == file]
    df = pd.read_csv(f"{folder}/{file}", keep_default_na=False, na_values=[""])
    problems = []
    if list(df.columns) != list(columns['column']):
        problems.append('columns ' + ' '.join(df.columns))
    for name, kind in zip(columns['column'], columns['type']):
        if name not in df:
            continue
        present = df[name].dropna()
        if not present.empty and not reads_as(df[name], present, kind):
            problems.append(f'{name}: {kind} read as {df[name].dtype}')
    print(f'{file}\t{len(df.columns)}\t{len(df)}\t{"; ".join(problems)}')
