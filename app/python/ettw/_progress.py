"""Progress of a long import: a bar that updates in place in a notebook (IPython display) or on a
terminal (one line on stderr), or nothing where neither is there."""

import sys


def _in_notebook():
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and hasattr(shell, "kernel")


def _bar_text(info):
    done, total = info["bytes_done"], info["bytes_total"]
    share = done / total if total > 0 else 0.0
    filled = int(share * 30)
    eta = f", {info['eta_s']:.0f} s left" if info["eta_s"] >= 0 else ""
    return (f"[{'#' * filled}{'.' * (30 - filled)}] {share * 100:5.1f}%  file {info['file_index'] + 1}/"
            f"{info['file_count']} {info['file']}: {info['stage']}, {info['records']:,} records{eta}")


class NotebookProgress:
    """An HTML progress bar updated in place in a Jupyter output cell."""

    def __init__(self):
        from IPython.display import display, HTML
        self._html = HTML
        self._handle = display(HTML("<code>import: starting</code>"), display_id=True)

    def __call__(self, info):
        total = max(info["bytes_total"], 1)
        self._handle.update(self._html(
            f"<progress value='{info['bytes_done']}' max='{total}' style='width:30em'></progress> "
            f"<code>{_escape(_bar_text(info).split('] ', 1)[1])}</code>"))

    def close(self):
        pass


class TerminalProgress:
    """One line on stderr, rewritten in place."""

    def __call__(self, info):
        sys.stderr.write("\r" + _bar_text(info)[:160].ljust(160))
        sys.stderr.flush()

    def close(self):
        sys.stderr.write("\n")
        sys.stderr.flush()


def _escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def make(progress):
    """The progress sink for import_files(progress=...): True, False, None (auto: a bar in a notebook
    or on a terminal) or a callable taking the progress dict."""
    if callable(progress):
        return progress, None
    if progress is False:
        return None, None
    if _in_notebook():
        bar = NotebookProgress()
        return bar, bar
    if progress is True or sys.stderr.isatty():
        bar = TerminalProgress()
        return bar, bar
    return None, None
