"""Executes a notebook headless with a real Jupyter kernel (nbclient, ipykernel) and fails when a
cell raises or the investigation's tables and charts are missing from its outputs.

    run_notebook.py NOTEBOOK ETTW_BINARY

The kernel is this interpreter (a kernel spec written to a temporary JUPYTER_PATH), so that it
sees the same ettw module (PYTHONPATH) whatever python3 comes first on PATH. The notebook builds
its database in a temporary folder from the bundled sample (ETT_SAMPLE).
"""

import json
import os
import sys
import tempfile
import time

import nbformat
from nbclient import NotebookClient


def main():
    notebook, ettw_binary = sys.argv[1], sys.argv[2]
    samples = os.path.join(os.path.dirname(os.path.abspath(notebook)), "..")
    with tempfile.TemporaryDirectory() as work:
        spec = os.path.join(work, "jupyter", "kernels", "ettw-python3")
        os.makedirs(spec)
        with open(os.path.join(spec, "kernel.json"), "w") as f:
            json.dump({"argv": [sys.executable, "-Xfrozen_modules=off", "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                       "display_name": "Python 3 (ettw)", "language": "python"}, f)
        os.environ["JUPYTER_PATH"] = os.path.join(work, "jupyter")
        os.environ["ETT_SAMPLE"] = os.path.abspath(os.path.join(samples, "fleet-200.ett.jsonl.gz"))
        os.environ["ETTW_BINARY"] = ettw_binary
        os.environ.pop("MPLBACKEND", None)  # the kernel's inline backend puts the charts in the outputs
        os.environ["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"
        nb = nbformat.read(notebook, as_version=4)
        started = time.monotonic()
        NotebookClient(nb, timeout=120, kernel_name="ettw-python3", allow_errors=False,
                       resources={"metadata": {"path": work}}).execute()
        outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
        html = sum("text/html" in o.get("data", {}) for o in outputs)
        images = sum("image/png" in o.get("data", {}) for o in outputs)
        errors = [o for o in outputs if o.get("output_type") == "error"]
        print(f"{notebook}: {len(nb.cells)} cells executed in {time.monotonic() - started:.1f} s; "
              f"{html} tables, {images} charts")
        if errors or html < 4 or images < 3:
            print("expected no error, at least 4 tables and 3 charts", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
