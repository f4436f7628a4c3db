# Reads every CSV file of a `study export` with read.csv as the codebook says (only empty fields missing) and checks it against
# codebook.csv: the columns in order, and each column's type as the codebook says.
# Prints one line per file: name, columns, rows, problems (empty when none), tab-separated.
folder <- commandArgs(trailingOnly = TRUE)[1]
book <- read.csv(file.path(folder, "codebook.csv"), na.strings = "")

reads_as <- function(v, kind) {
  present <- v[!is.na(v)]
  switch(kind,
    integer = is.integer(v) || (is.numeric(v) && all(present %% 1 == 0)),
    number = is.numeric(v),
    logical = is.logical(v),
    datetime = is.character(v) && !any(is.na(as.POSIXct(present, format = "%Y-%m-%dT%H:%M:%OS", tz = "UTC"))),
    TRUE
  )
}

for (file in unique(book$file)) {
  columns <- book[book$file == file, ]
  df <- read.csv(file.path(folder, file), na.strings = "")
  problems <- character()
  if (!identical(names(df), columns$column)) problems <- c(problems, paste("columns", paste(names(df), collapse = " ")))
  for (i in seq_len(nrow(columns))) {
    v <- df[[columns$column[i]]]
    if (is.null(v) || all(is.na(v))) next
    if (!reads_as(v, columns$type[i])) problems <- c(problems, sprintf("%s: %s read as %s", columns$column[i], columns$type[i], class(v)[1]))
  }
  cat(sprintf("%s\t%d\t%d\t%s\n", file, ncol(df), nrow(df), paste(problems, collapse = "; ")))
}
