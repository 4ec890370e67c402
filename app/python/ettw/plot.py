"""Charts of ettw's frames with matplotlib: the bucket bars of a summary, the ETT% trend of a
series and a job's Gantt chart. They draw what the frames hold (hours are the frames' seconds
over 3600); nothing is computed. Each returns the matplotlib Axes it drew on.
"""

import matplotlib.pyplot as plt

# Okabe-Ito, as the window's palette: readable for colour-blind readers.
_PALETTE = ["#009E73", "#D55E00", "#E69F00", "#56B4E9", "#0072B2", "#CC79A7", "#F0E442", "#999999",
            "#000000", "#882255", "#44AA99", "#AA4499"]


def _axes(ax):
    if ax is None:
        _, ax = plt.subplots(figsize=(9, 4))
    return ax


def buckets(summary, weighting="gpu", ax=None):
    """Stacked bars of where the time went, one bar per row of a summary frame (Workspace.summary):
    each bucket's GPU-hours (weighting="gpu") or hours (weighting="time")."""
    if weighting not in ("gpu", "time"):
        raise ValueError(f"weighting: expected gpu or time, got '{weighting}'")
    ax = _axes(ax)
    prefix = "buckets_gpu_s." if weighting == "gpu" else "buckets_s."
    cols = [c for c in summary.columns if c.startswith(prefix)]
    bottom = [0.0] * len(summary)
    names = [str(i) for i in summary.index]
    for k, col in enumerate(cols):
        hours = [float(v) / 3600.0 for v in summary[col]]
        ax.bar(names, hours, bottom=bottom, label=col[len(prefix):], color=_PALETTE[k % len(_PALETTE)])
        bottom = [b + h for b, h in zip(bottom, hours)]
    ax.set_ylabel("GPU-hours" if weighting == "gpu" else "hours")
    ax.set_title("Where the time went (" + ("GPU-weighted" if weighting == "gpu" else "time-weighted") + ")")
    ax.legend(fontsize="small", ncol=2)
    ax.tick_params(axis="x", labelrotation=30)
    return ax


def trend(series, weighting="gpu", ax=None):
    """The ETT% of a series frame (Workspace.series) over time: per calendar bucket (column
    start) or rolling (column t)."""
    if weighting not in ("gpu", "time"):
        raise ValueError(f"weighting: expected gpu or time, got '{weighting}'")
    ax = _axes(ax)
    x = series["t"] if "t" in series.columns else series["start"]
    col = "ett_percent_gpu" if weighting == "gpu" else "ett_percent_time"
    ax.plot(x, series[col], marker="." if len(series) < 60 else None, color=_PALETTE[0])
    ax.set_ylabel("ETT% (" + ("GPU-weighted" if weighting == "gpu" else "time-weighted") + ")")
    ax.set_title("ETT% over time (UTC)")
    ax.grid(alpha=0.3)
    return ax


def gantt(job, ax=None):
    """A job's Gantt chart (Workspace.job): a row per attempt with its phases coloured by
    category over the attempt's span, and the outcome at its end."""
    ax = _axes(ax)
    cats = list(dict.fromkeys(str(c) for c in job.phases["category"])) if len(job.phases) else []
    colour = {c: _PALETTE[k % len(_PALETTE)] for k, c in enumerate(cats)}
    seen = set()
    for row, a in enumerate(job.attempts.itertuples(index=False)):
        ax.barh(row, a.end - a.start, left=a.start, height=0.8, color="#dddddd", edgecolor="#777777")
        mine = job.phases[(job.phases["attempt"] == a.attempt) & (job.phases["rank"] < 0)]
        for p in mine.itertuples(index=False):
            c = str(p.category)
            ax.barh(row, p.end - p.start, left=p.start, height=0.6, color=colour[c],
                    label=None if c in seen else c)
            seen.add(c)
        ax.text(a.end, row, " " + str(a.outcome), va="center", fontsize="small")
    ax.set_yticks(range(len(job.attempts)))
    ax.set_yticklabels([f"attempt {n}" for n in job.attempts["attempt"]])
    ax.invert_yaxis()
    ax.set_title(f"Job {job.job} (label '{job.label}')")
    if seen:
        ax.legend(fontsize="small", ncol=3)
    return ax
