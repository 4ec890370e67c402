# Writes the ported ml-goodput-measurement test timelines as Cloud Logging entries.
import json, datetime
T = datetime.datetime(2024, 1, 1, 1, 0, 0, tzinfo=datetime.timezone.utc).timestamp()
n = [0]
def entry(job, payload, ts, logger="goodput_logger"):
    n[0] += 1
    p = dict(payload)
    if job is not None:
        p = {"job_name": job, **p}
    return {
        "insertId": "gp%06d" % n[0],
        "jsonPayload": p,
        "logName": "projects/my-project/logs/" + logger,
        "receiveTimestamp": datetime.datetime.fromtimestamp(ts + 0.5, datetime.timezone.utc).isoformat().replace("+00:00", "Z"),
        "resource": {"labels": {"project_id": "my-project"}, "type": "global"},
        "severity": "INFO",
        "timestamp": datetime.datetime.fromtimestamp(ts, datetime.timezone.utc).isoformat().replace("+00:00", "Z"),
    }

# test_badput_calculator_wasted_progress_and_disruptions, with job start at _TEST_JOB_START_TIME.
J = "test-run-wasted-progress"
e = []
def rec(payload, t): e.append(entry(J, payload, T + t))
rec({"job_start_time": T}, 0)
rec({"tpu_init_start_time": T}, 0); rec({"tpu_init_end_time": T + 1}, 1)
rec({"training_prep_start_time": T + 1}, 1); rec({"training_prep_end_time": T + 3}, 3)
rec({"data_loading_start_time": T + 3}, 3); rec({"data_loading_end_time": T + 5}, 5)
t = 5
for step in range(5):
    rec({"step_count": step, "step_start_time": T + t}, t)
    t += 3 + (5 if step == 0 else 0)
t += 5  # disruption
restart = t
rec({"job_start_time": T + t}, t)
rec({"tpu_init_start_time": T + t}, t); rec({"tpu_init_end_time": T + t + 1}, t + 1)
rec({"training_prep_start_time": T + t + 1}, t + 1); rec({"training_prep_end_time": T + t + 3}, t + 3)
rec({"data_loading_start_time": T + t + 3}, t + 3); rec({"data_loading_end_time": T + t + 5}, t + 5)
t += 5
for step in range(2, 5):
    rec({"step_count": step, "step_start_time": T + t}, t)
    t += 3 + (5 if step == 2 else 0)
rec({"job_end_time": T + t}, t)
assert t == 49, t
# gcloud logging read writes the newest entry first.
with open("wasted_progress.json", "w") as f:
    json.dump(list(reversed(e)), f, indent=2)
    f.write("\n")

# test_badput_calculator_custom_sync_badput, as JSON Lines in time order.
J = "test-run-custom-sync"
e = []
rec({"job_start_time": T}, 0)
rec({"tpu_init_start_time": T}, 0); rec({"tpu_init_end_time": T + 1}, 1)
t = 6
for step in range(5):
    rec({"step_count": step, "step_start_time": T + t}, t); t += 3
rec({"custom_badput_event_type": "eval_step", "custom_badput_event_start_time": T + t}, t)
rec({"custom_badput_event_type": "eval_step", "custom_badput_event_end_time": T + t + 5}, t + 5)
t += 5
for step in range(5, 10):
    rec({"step_count": step, "step_start_time": T + t}, t); t += 3
rec({"job_end_time": T + t}, t)
assert t == 41, t
with open("custom_sync.jsonl", "w") as f:
    for x in e:
        f.write(json.dumps(x) + "\n")
