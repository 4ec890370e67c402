# What watch_bench.sh and watch_soak.sh share: reading a count from the watcher's database while it
# writes, and the watcher's resident memory.
import sqlite3


def count(db, sql):
    """The first column of `sql`'s first row in the SQLite file `db`, or None while it cannot be read."""
    try:
        con = sqlite3.connect(db, timeout=5)
        v = con.execute(sql).fetchone()[0]
        con.close()
        return v
    except sqlite3.Error:
        return None


def rss_kib(pid):
    """The process's resident memory (VmRSS of /proc/PID/status) in KiB."""
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0
