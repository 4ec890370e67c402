"""Columns from the extension into pandas frames: types only, no figure computed here.

The extension (frame_columns.h) hands each result as {"columns": {name: values}, "kinds":
{name: kind}}; the kind says which dtype a column becomes.
"""

from decimal import Decimal

import numpy as np
import pandas as pd

_NONE = np.iinfo(np.int64).min


def exact_seconds(ns):
    """Exact decimal seconds of an integer nanosecond count (Decimal('58545'), Decimal('0.5'))."""
    sign = "-" if ns < 0 else ""
    whole, frac = divmod(abs(int(ns)), 1_000_000_000)
    text = f"{sign}{whole}.{frac:09d}".rstrip("0").rstrip(".")
    return Decimal(text)


def _column(values, kind):
    if kind == "wide_s":
        return pd.Series([exact_seconds(v) for v in values], dtype=object)
    if kind == "td":
        return pd.Series(np.asarray(values, dtype=np.int64).view("m8[ns]"))
    if kind == "dt":
        return pd.Series(pd.DatetimeIndex(np.asarray(values, dtype=np.int64).view("M8[ns]")).tz_localize("UTC"))
    if kind == "int_na":
        a = np.asarray(values, dtype=np.int64)
        return pd.Series(pd.arrays.IntegerArray(a, a == _NONE))
    if kind == "cat":
        codes, categories = values
        return pd.Series(pd.Categorical.from_codes(codes, categories))
    if isinstance(values, list) or getattr(values, "dtype", None) == object:  # text (empty stays text)
        return pd.Series(values, dtype=object)
    return pd.Series(values)


def frame(data, index=None):
    """A DataFrame of the extension's columns, with `index` (a column name) as its index."""
    columns = {name: _column(values, data["kinds"][name]) for name, values in data["columns"].items()}
    df = pd.DataFrame(columns)
    if index is not None:
        df = df.set_index(index)
    return df


def timestamp(ns):
    """A UTC Timestamp of nanoseconds since the epoch (None for the extension's "none")."""
    return None if ns == _NONE else pd.Timestamp(ns, unit="ns", tz="UTC")


def timedelta(ns):
    """A Timedelta of nanoseconds (None for the extension's "none")."""
    return None if ns == _NONE else pd.Timedelta(ns, unit="ns")
