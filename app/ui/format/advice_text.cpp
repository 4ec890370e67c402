#include "app/ui/format/advice_text.h"

#include "app/ui/format/figures_format.h"

#include <QCoreApplication>

namespace ett::app {

QStringList adviceReasons(const core::CheckpointAdvice& a)
{
    // The Advisor's table said these first: their context stays its own, so that one translation
    // serves the page and the report.
    QStringList parts;
    const core::CheckpointMeasure& m = a.measured;
    if (!m.mtbiS) {
        parts << QCoreApplication::translate("AdviceTableModel",
            "no interruptions in the train loop (the optimum is unbounded: save as rarely as other needs "
            "allow)");
    }
    if (!a.blockingS || *a.blockingS <= 0) {
        parts << QCoreApplication::translate("AdviceTableModel", "no blocking checkpoint_save time measured");
    }
    if (!a.currentIntervalS) {
        parts << QCoreApplication::translate(
            "AdviceTableModel", "fewer than two durable checkpoints in one attempt (no interval measured)");
    }
    if (m.lostExcludedJobs > 0) {
        const int jobs = static_cast<int>(m.lostExcludedJobs);
        parts << QCoreApplication::translate("AdviceTableModel",
            "lost progress of %Ln job(s) lies partly in excluded windows (left out of lost per interruption)", "",
            jobs);
    }
    for (const std::string& flag : a.flags) {
        if (!m.lostPerInterruptionS || !a.currentIntervalS) {
            continue;
        }
        if (flag == "lost_progress_high") {
            parts << QCoreApplication::translate("AdviceTableModel",
                "lost progress per interruption %1 exceeds the whole interval %2: checkpoints are probably "
                "not restorable when the job thinks (slow or failed uploads)")
                         .arg(formatSeconds(*m.lostPerInterruptionS), formatSeconds(*a.currentIntervalS));
        } else if (flag == "lost_progress_low") {
            parts << QCoreApplication::translate("AdviceTableModel",
                "lost progress per interruption %1 is far below half the interval %2: the saves measured are "
                "probably not the ones restarts load")
                         .arg(formatSeconds(*m.lostPerInterruptionS), formatSeconds(*a.currentIntervalS / 2.0));
        }
    }
    return parts;
}

} // namespace ett::app
