"""Helpers for problem set 1: read the weather measurements."""

import csv
from pathlib import Path


def load_rows(path: str | Path) -> list[dict]:
    """The rows of a measurements CSV: station (str), day (int), temp_c and rain_mm (float)."""
    with open(path, newline="", encoding="utf-8") as f:
        return [
            {
                "station": row["station"],
                "day": int(row["day"]),
                "temp_c": float(row["temp_c"]),
                "rain_mm": float(row["rain_mm"]),
            }
            for row in csv.DictReader(f)
        ]
