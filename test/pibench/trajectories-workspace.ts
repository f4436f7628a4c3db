/**
 * The three π-Bench rule scripts that grade a file instead of tool calls (Financier 017, 019,
 * 020): each reads one script the agent saved in its workspace, found through
 * `config/nanobot.yaml`. A competent agent writes that file with `write_file`; the code below
 * is written for these tests, as an agent following each task's request and hidden intents
 * would write it (it is never run, only read by the graders).
 */
import type { Trajectory } from './appworld-trajectories.ts';

const RISK_PIPELINE = `"""Monthly correlation of market volatility and regulatory operational risk (PySpark)."""
import zipfile
from pathlib import Path

from pyspark.sql import SparkSession, Window
from pyspark.sql import functions as F

FACTORS = ["Mkt-RF", "SMB", "HML", "RMW", "CMA", "RF"]


def unpack(archive: str, target: str) -> str:
    with zipfile.ZipFile(archive) as z:
        z.extractall(target)
        return str(Path(target) / z.namelist()[0])


def main() -> None:
    spark = SparkSession.builder.appName("risk_correlation_pipeline").getOrCreate()
    french_csv = unpack("F-F_Research_Data_5_Factors_2x3_daily_CSV.zip", "raw/french")
    cfpb_csv = unpack("complaints.csv.zip", "raw/cfpb")

    # Kenneth French file: skip the copyright header and footer, keep rows dated YYYYMMDD.
    french = (
        spark.read.option("header", "false").option("skipRows", "3").csv(french_csv)
        .toDF("date", *FACTORS)
        .filter(F.col("date").rlike("^[0-9]{8}$"))
        .withColumn("day", F.to_date("date", "yyyyMMdd"))
        .withColumn("month", F.trunc("day", "month"))
    )
    market = french.groupBy("month").agg(F.stddev(F.col("Mkt-RF").cast("double")).alias("daily_vol"))
    market = market.withColumn("monthly_volatility", F.col("daily_vol") * F.sqrt(F.lit(252)) / F.sqrt(F.lit(12)))

    complaints = (
        spark.read.option("header", "true").option("multiLine", "true").csv(cfpb_csv)
        .dropDuplicates(["Complaint ID"])
        .withColumn("received", F.to_date("Date received"))
        .withColumn("sent", F.to_date("Date sent to company"))
        .withColumn("lag_days", F.when(F.col("sent") >= F.col("received"), F.datediff("sent", "received")))
        .withColumn("month", F.trunc("received", "month"))
    )
    risk = complaints.groupBy("month").agg(F.count("*").alias("volume"), F.avg("lag_days").alias("avg_response_lag"))
    trailing = Window.orderBy("month").rowsBetween(-11, 0)
    risk = risk.withColumn("adjusted_volume", F.col("volume") / F.avg("volume").over(trailing))

    joined = market.join(risk, on="month", how="inner").orderBy("month")
    joined = joined.withColumn("rolling_volatility", F.avg("monthly_volatility").over(trailing))
    joined.write.mode("overwrite").parquet("risk_correlation_monthly")


if __name__ == "__main__":
    main()
`;

const YIELD_FITTER = `"""Nelson-Siegel fit of the daily Treasury par yield curve, year by year."""
import numpy as np
import pandas as pd
import requests

START_YEAR, END_YEAR = 2023, 2025
MATURITIES = {"5 Yr": 5.0, "7 Yr": 7.0, "10 Yr": 10.0, "20 Yr": 20.0, "30 Yr": 30.0}
URL = "https://home.treasury.gov/resource-center/data-chart-center/interest-rates/daily-treasury-rates.csv/{year}/all"


def fetch() -> pd.DataFrame:
    frames = []
    for year in range(START_YEAR, END_YEAR + 1):
        reply = requests.get(URL.format(year=year), params={"type": "daily_treasury_yield_curve"}, timeout=30)
        reply.raise_for_status()
        frames.append(pd.read_csv(pd.io.common.StringIO(reply.text)))
    curve = pd.concat(frames).rename(columns={"Date": "date"})
    curve["date"] = pd.to_datetime(curve["date"])
    return curve.set_index("date").sort_index()[list(MATURITIES)].ffill()


def loadings(decay: float, t: np.ndarray) -> np.ndarray:
    x = decay * t
    slope = (1 - np.exp(-x)) / x
    return np.column_stack([np.ones_like(t), slope, slope - np.exp(-x)])


def fit_day(yields: np.ndarray, t: np.ndarray) -> tuple[float, np.ndarray, float]:
    best = (np.nan, np.full(3, np.nan), np.inf)
    for decay in np.linspace(0.05, 3.0, 60):
        design = loadings(decay, t)
        beta, *_ = np.linalg.lstsq(design, yields, rcond=None)
        error = float(np.sum((design @ beta - yields) ** 2))
        if error < best[2]:
            best = (decay, beta, error)
    return best


def main() -> None:
    curve = fetch()
    t = np.array(list(MATURITIES.values()))
    rows = []
    for day, values in curve.iterrows():
        decay, beta, error = fit_day(values.to_numpy(dtype=float), t)
        rows.append({"date": day, "decay": decay, "level": beta[0], "slope": beta[1], "curvature": beta[2], "sse": error})
    factors = pd.DataFrame(rows).set_index("date")
    factors.to_csv("nelson_siegel_factors.csv")
    curve.to_csv("clean_yield_curve.csv")
    factors[["sse"]].describe().to_csv("fit_diagnostics.csv")


if __name__ == "__main__":
    main()
`;

const DATA_PIPELINE = `"""Daily Treasury par yields for the long tenors, aligned to a full calendar without look-ahead."""
import pandas as pd
import requests

TENORS = ["5 Yr", "7 Yr", "10 Yr", "20 Yr", "30 Yr"]
URL = "https://home.treasury.gov/resource-center/data-chart-center/interest-rates/daily-treasury-rates.csv/2024/all"


def main() -> None:
    reply = requests.get(URL, params={"type": "daily_treasury_yield_curve"}, timeout=30)
    reply.raise_for_status()
    raw = pd.read_csv(pd.io.common.StringIO(reply.text))
    raw["Date"] = pd.to_datetime(raw["Date"], errors="coerce")
    raw = raw.dropna(subset=["Date"]).drop_duplicates(subset=["Date"], keep="last")
    table = raw.set_index("Date").sort_index()[TENORS]
    for tenor in TENORS:
        table[tenor] = pd.to_numeric(table[tenor], errors="coerce")
    table = table.dropna(how="all")
    calendar = pd.date_range(table.index.min(), table.index.max(), freq="D")
    # Weekends and holidays carry the last published yield forward only.
    table = table.reindex(calendar).ffill()
    table.index.name = "date"
    table.to_csv("treasury_long_tenors_daily.csv")


if __name__ == "__main__":
    main()
`;

const write = (path: string, content: string) => ({ tool: 'write_file', args: { path, content } });

export const WORKSPACE_FILES: Trajectory[] = [
  {
    task: 'Financier/Financier_task_017',
    script: 'data/Financier/scripts/Financier_task_017.py',
    listed: [],
    apps: {},
    turns: [[write('risk_correlation_pipeline.py', RISK_PIPELINE)]],
    notAwarded: {},
  },
  {
    task: 'Financier/Financier_task_019',
    script: 'data/Financier/scripts/Financier_task_019.py',
    listed: [],
    apps: {},
    turns: [[write('yield_curve_fitter.py', YIELD_FITTER)]],
    notAwarded: {},
  },
  {
    task: 'Financier/Financier_task_020',
    script: 'data/Financier/scripts/Financier_task_020.py',
    listed: [],
    apps: {},
    turns: [[write('Data_Pipeline.py', DATA_PIPELINE)]],
    notAwarded: {},
  },
];
