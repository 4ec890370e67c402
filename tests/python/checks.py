"""Comparing a frame's values with the CLI's JSON, number for number: exact seconds equal, times
equal to the nanosecond, floats equal once printed as the CLI prints them."""

from decimal import Decimal

import numpy as np
import pandas as pd

from ettw import exact_seconds

# JSON fields the CLI writes with 3 decimals (the others with 6).
THREE_DECIMALS = {"mtbi_s", "current_interval_s", "young_interval_s", "daly_interval_s", "lost_per_interruption_s"}


def same(value, expected, name):
    """Asserts that a frame cell equals the JSON value `expected` of field `name`."""
    where = f"{name}: {value!r} != {expected!r}"
    if expected is None:
        assert value is None or value is pd.NaT or pd.isna(value), where
    elif isinstance(value, Decimal):
        assert value == expected, where
    elif isinstance(value, pd.Timedelta):
        assert exact_seconds(value.value) == expected, where
    elif isinstance(value, pd.Timestamp):
        if isinstance(expected, str):
            assert value == pd.Timestamp(expected), where
        else:
            assert exact_seconds(value.value) == expected, where
    elif isinstance(value, (bool, np.bool_)):
        assert bool(value) == expected, where
    elif isinstance(value, (int, np.integer)):
        assert int(value) == expected, where
    elif isinstance(value, (float, np.floating)):
        decimals = 3 if name.split(".")[-1] in THREE_DECIMALS else 6
        assert Decimal(f"{value:.{decimals}f}") == Decimal(expected), where
    else:
        assert str(value) == expected, where


def same_row(row, obj, skip=()):
    """Every field of a JSON object (nested objects as dotted columns) equals the row's."""
    checked = 0
    for key, expected in obj.items():
        if key in skip:
            continue
        if isinstance(expected, dict):
            for sub, v in expected.items():
                same(row[f"{key}.{sub}"], v, f"{key}.{sub}")
                checked += 1
        else:
            same(row[key], expected, key)
            checked += 1
    assert checked > 0
    return checked
