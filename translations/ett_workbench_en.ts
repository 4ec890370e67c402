<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>AdviceTableModel</name>
    <message numerus="yes">
        <location filename="../app/ui/models/advice_table_model.cpp" line="+141"/>
        <source>%Ln job(s) flagged</source>
        <translation>
            <numerusform>%Ln job flagged</numerusform>
            <numerusform>%Ln jobs flagged</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+213"/>
        <source>%Ln losing more than an interval per interruption</source>
        <translation>
            <numerusform>%Ln losing more than an interval per interruption</numerusform>
            <numerusform>%Ln losing more than an interval per interruption</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%Ln losing far less than half an interval</source>
        <translation>
            <numerusform>%Ln losing far less than half an interval</numerusform>
            <numerusform>%Ln losing far less than half an interval</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%1 of %Ln job(s) flagged (%2)</source>
        <translation>
            <numerusform>%1 of %Ln job flagged (%2)</numerusform>
            <numerusform>%1 of %Ln jobs flagged (%2)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+22"/>
        <source>%Ln interruption(s) after training had started; MTBI = loop time / interruptions = %1</source>
        <translation>
            <numerusform>%Ln interruption after training had started; MTBI = loop time / interruptions = %1</numerusform>
            <numerusform>%Ln interruptions after training had started; MTBI = loop time / interruptions = %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>Blocking time of a save over %Ln save(s): p50 %1, p90 %2 (nearest rank)</source>
        <translation>
            <numerusform>Blocking time of a save over %Ln save: p50 %1, p90 %2 (nearest rank)</numerusform>
            <numerusform>Blocking time of a save over %Ln saves: p50 %1, p90 %2 (nearest rank)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Median of %Ln interval(s) between the starts of consecutive durable checkpoints of an attempt</source>
        <translation>
            <numerusform>Median of %Ln interval between the starts of consecutive durable checkpoints of an attempt</numerusform>
            <numerusform>Median of %Ln intervals between the starts of consecutive durable checkpoints of an attempt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Lost progress per interruption %1 (known for %2 of %Ln interruption(s)) against half the current interval, %3, where an interruption lands on average</source>
        <translation>
            <numerusform>Lost progress per interruption %1 (known for %2 of %Ln interruption) against half the current interval, %3, where an interruption lands on average</numerusform>
            <numerusform>Lost progress per interruption %1 (known for %2 of %Ln interruptions) against half the current interval, %3, where an interruption lands on average</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/ui/format/advice_text.cpp" line="+29"/>
        <source>lost progress of %Ln job(s) lies partly in excluded windows (left out of lost per interruption)</source>
        <translation>
            <numerusform>lost progress of %Ln job lies partly in excluded windows (left out of lost per interruption)</numerusform>
            <numerusform>lost progress of %Ln jobs lies partly in excluded windows (left out of lost per interruption)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AdvisorPage</name>
    <message numerus="yes">
        <location filename="../app/ui/pages/advisor_page.cpp" line="+388"/>
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln job</numerusform>
            <numerusform>%Ln jobs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln interruption(s) in the train loop</source>
        <translation>
            <numerusform>%Ln interruption in the train loop</numerusform>
            <numerusform>%Ln interruptions in the train loop</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+59"/>
        <source>%Ln save(s)</source>
        <translation>
            <numerusform>%Ln save</numerusform>
            <numerusform>%Ln saves</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AlertsPanel</name>
    <message numerus="yes">
        <location filename="../app/ui/widgets/alerts_panel.cpp" line="+77"/>
        <source>%Ln attempt(s)</source>
        <translation>
            <numerusform>%Ln attempt</numerusform>
            <numerusform>%Ln attempts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+121"/>
        <source>%Ln open alert(s)</source>
        <translation>
            <numerusform>%Ln open alert</numerusform>
            <numerusform>%Ln open alerts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln cleared</source>
        <translation>
            <numerusform>%Ln cleared</numerusform>
            <numerusform>%Ln cleared</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BackendText</name>
    <message numerus="yes">
        <location filename="../app/ui/format/backend_text.cpp" line="+44"/>
        <source>CPU (%Ln thread(s))</source>
        <translation>
            <numerusform>CPU (%Ln thread)</numerusform>
            <numerusform>CPU (%Ln threads)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CausesPage</name>
    <message numerus="yes">
        <location filename="../app/ui/pages/causes_page.cpp" line="+114"/>
        <location line="+199"/>
        <source>%Ln interruption(s)</source>
        <translation>
            <numerusform>%Ln interruption</numerusform>
            <numerusform>%Ln interruptions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-198"/>
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln job</numerusform>
            <numerusform>%Ln jobs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+201"/>
        <source>%Ln re-classified by the rules below</source>
        <translation>
            <numerusform>%Ln re-classified by the rules below</numerusform>
            <numerusform>%Ln re-classified by the rules below</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CompareCards</name>
    <message numerus="yes">
        <location filename="../app/ui/widgets/compare_cards.cpp" line="+100"/>
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln job</numerusform>
            <numerusform>%Ln jobs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ComparePage</name>
    <message numerus="yes">
        <location filename="../app/ui/pages/compare_page.cpp" line="+534"/>
        <location line="+150"/>
        <source>%Ln pair(s)</source>
        <translation>
            <numerusform>%Ln pair</numerusform>
            <numerusform>%Ln pairs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-94"/>
        <location line="+1"/>
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln job</numerusform>
            <numerusform>%Ln jobs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DetailsPanel</name>
    <message numerus="yes">
        <location filename="../app/ui/widgets/details_panel.cpp" line="+622"/>
        <source>%Ln GPU(s)</source>
        <translation>
            <numerusform>%Ln GPU</numerusform>
            <numerusform>%Ln GPUs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DistributionChangesModel</name>
    <message numerus="yes">
        <location filename="../app/ui/models/compare_models.cpp" line="+168"/>
        <source>%Ln sample(s) in A, %1 in B</source>
        <translation>
            <numerusform>%Ln sample in A, %1 in B</numerusform>
            <numerusform>%Ln samples in A, %1 in B</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ExcludedWindowsDialog</name>
    <message numerus="yes">
        <location filename="../app/ui/dialogs/excluded_windows_dialog.cpp" line="+112"/>
        <source>%Ln window(s), %1 h of wall time</source>
        <translation>
            <numerusform>%Ln window, %1 h of wall time</numerusform>
            <numerusform>%Ln windows, %1 h of wall time</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Figures</name>
    <message numerus="yes">
        <location filename="../app/ui/format/figures_format.cpp" line="+112"/>
        <source>%Ln failure(s)</source>
        <translation>
            <numerusform>%Ln failure</numerusform>
            <numerusform>%Ln failures</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln preemption(s)</source>
        <translation>
            <numerusform>%Ln preemption</numerusform>
            <numerusform>%Ln preemptions</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%Ln other</source>
        <comment>interruptions: &quot;1 outra&quot;, &quot;2 outras&quot;</comment>
        <translation>
            <numerusform>%Ln other</numerusform>
            <numerusform>%Ln other</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FiguresTableModel</name>
    <message numerus="yes">
        <location filename="../app/ui/models/figures_table_model.cpp" line="+328"/>
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln job</numerusform>
            <numerusform>%Ln jobs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln attempt(s)</source>
        <translation>
            <numerusform>%Ln attempt</numerusform>
            <numerusform>%Ln attempts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+20"/>
        <source>Time to Start over %Ln sample(s)
p50 %1 (%2)
p90 %3</source>
        <translation>
            <numerusform>Time to Start over %Ln sample
p50 %1 (%2)
p90 %3</numerusform>
            <numerusform>Time to Start over %Ln samples
p50 %1 (%2)
p90 %3</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>Time to Recover over %Ln interruption(s) that trained again
p50 %1 (%2)
p90 %3</source>
        <translation>
            <numerusform>Time to Recover over %Ln interruption that trained again
p50 %1 (%2)
p90 %3</numerusform>
            <numerusform>Time to Recover over %Ln interruptions that trained again
p50 %1 (%2)
p90 %3</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FilterBar</name>
    <message numerus="yes">
        <location filename="../app/ui/widgets/filter_bar.cpp" line="+280"/>
        <source>Excluding %n window(s)</source>
        <translation>
            <numerusform>Excluding %n window</numerusform>
            <numerusform>Excluding %n windows</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>IntervalsDialog</name>
    <message numerus="yes">
        <location filename="../app/ui/dialogs/intervals_dialog.cpp" line="+296"/>
        <source>%Ln interval(s)</source>
        <translation>
            <numerusform>%Ln interval</numerusform>
            <numerusform>%Ln intervals</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>IssuesDialog</name>
    <message numerus="yes">
        <location filename="../app/ui/dialogs/issues_dialog.cpp" line="+222"/>
        <source>%Ln issue(s)</source>
        <translation>
            <numerusform>%Ln issue</numerusform>
            <numerusform>%Ln issues</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln row(s)</source>
        <translation>
            <numerusform>%Ln row</numerusform>
            <numerusform>%Ln rows</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <location filename="../app/ui/window/main_window_watch.cpp" line="+292"/>
        <source>Watching %Ln file(s)</source>
        <translation>
            <numerusform>Watching %Ln file</numerusform>
            <numerusform>Watching %Ln files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>%Ln running job(s)</source>
        <translation>
            <numerusform>%Ln running job</numerusform>
            <numerusform>%Ln running jobs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+54"/>
        <source>%Ln open alert(s)</source>
        <translation>
            <numerusform>%Ln open alert</numerusform>
            <numerusform>%Ln open alerts</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MatchedJobsModel</name>
    <message numerus="yes">
        <location filename="../app/ui/models/compare_models.cpp" line="+188"/>
        <source>%Ln GPU(s)</source>
        <translation>
            <numerusform>%Ln GPU</numerusform>
            <numerusform>%Ln GPUs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MatchedTimelines</name>
    <message numerus="yes">
        <location filename="../app/ui/widgets/matched_timelines.cpp" line="+314"/>
        <source>%Ln attempt(s)</source>
        <translation>
            <numerusform>%Ln attempt</numerusform>
            <numerusform>%Ln attempts</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OverviewPage</name>
    <message numerus="yes">
        <location filename="../app/ui/pages/overview_page.cpp" line="+426"/>
        <location line="+49"/>
        <location line="+24"/>
        <location line="+151"/>
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln job</numerusform>
            <numerusform>%Ln jobs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-223"/>
        <location line="+49"/>
        <source>%Ln attempt(s)</source>
        <translation>
            <numerusform>%Ln attempt</numerusform>
            <numerusform>%Ln attempts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+29"/>
        <source>%Ln recoveries</source>
        <translation>
            <numerusform>%Ln recovery</numerusform>
            <numerusform>%Ln recoveries</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message numerus="yes">
        <location filename="../app/ui/models/compare_models.cpp" line="+92"/>
        <location line="+2"/>
        <location filename="../app/report/report_writer.cpp" line="+653"/>
        <location line="+6"/>
        <source>%Ln recoveries</source>
        <translation>
            <numerusform>%Ln recovery</numerusform>
            <numerusform>%Ln recoveries</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/ui/charts/compare_charts.cpp" line="+530"/>
        <location line="+1"/>
        <location filename="../app/ui/models/whatif_results.cpp" line="+97"/>
        <location filename="../app/report/report_writer.cpp" line="-536"/>
        <location line="+12"/>
        <location line="+2"/>
        <location line="+474"/>
        <location line="+63"/>
        <location line="+4"/>
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln job</numerusform>
            <numerusform>%Ln jobs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%Ln value(s) of the %1 hold several jobs on a side.</source>
        <translation>
            <numerusform>%Ln value of the %1 holds several jobs on a side.</numerusform>
            <numerusform>%Ln values of the %1 hold several jobs on a side.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+11"/>
        <source>%Ln pair(s) without time in a cohort&apos;s range are not ranked.</source>
        <translation>
            <numerusform>%Ln pair without time in a cohort&apos;s range is not ranked.</numerusform>
            <numerusform>%Ln pairs without time in a cohort&apos;s range are not ranked.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/report/report_writer.cpp" line="-554"/>
        <source>%Ln attempt(s)</source>
        <translation>
            <numerusform>%Ln attempt</numerusform>
            <numerusform>%Ln attempts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+41"/>
        <source>Excluded windows: %Ln window(s) (%2), %1 hours of wall time, are left out of end-to-end time and of every bucket: %3 GPU-hours of these jobs. Interruptions, Time to Start and Time to Recover are counted as they were.</source>
        <translation>
            <numerusform>Excluded windows: %Ln window (%2), %1 hours of wall time, is left out of end-to-end time and of every bucket: %3 GPU-hours of these jobs. Interruptions, Time to Start and Time to Recover are counted as they were.</numerusform>
            <numerusform>Excluded windows: %Ln windows (%2), %1 hours of wall time, are left out of end-to-end time and of every bucket: %3 GPU-hours of these jobs. Interruptions, Time to Start and Time to Recover are counted as they were.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+70"/>
        <source>%Ln file(s), grouped by label and format; each file with its SHA-256 is listed in the last section, “%1”.</source>
        <translation>
            <numerusform>%Ln file, grouped by label and format; each file with its SHA-256 is listed in the last section, “%1”.</numerusform>
            <numerusform>%Ln files, grouped by label and format; each file with its SHA-256 is listed in the last section, “%1”.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/ui/models/whatif_results.cpp" line="-6"/>
        <source>%Ln attempt(s) · %1 saved in all · projections keep every job and its training</source>
        <translation>
            <numerusform>%Ln attempt · %1 saved in all · projections keep every job and its training</numerusform>
            <numerusform>%Ln attempts · %1 saved in all · projections keep every job and its training</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+105"/>
        <source>%Ln attempt(s) changed</source>
        <translation>
            <numerusform>%Ln attempt changed</numerusform>
            <numerusform>%Ln attempts changed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/ui/pages/causes_page.cpp" line="-256"/>
        <source>Mean over %1 of %Ln interruption(s): the others never trained again</source>
        <translation>
            <numerusform>Mean over %1 of %Ln interruption: the others never trained again</numerusform>
            <numerusform>Mean over %1 of %Ln interruptions: the others never trained again</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RanksPage</name>
    <message numerus="yes">
        <location filename="../app/ui/pages/ranks_page.cpp" line="+279"/>
        <location line="+64"/>
        <source>%Ln rank(s)</source>
        <translation>
            <numerusform>%Ln rank</numerusform>
            <numerusform>%Ln ranks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-63"/>
        <location line="+64"/>
        <source>%Ln GPU(s)</source>
        <translation>
            <numerusform>%Ln GPU</numerusform>
            <numerusform>%Ln GPUs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+40"/>
        <source>%Ln attempt(s) with stages of 2 ranks or more, %1 (attempt, stage) pairs, %2 of them with no known host</source>
        <translation>
            <numerusform>%Ln attempt with stages of 2 ranks or more, %1 (attempt, stage) pairs, %2 of them with no known host</numerusform>
            <numerusform>%Ln attempts with stages of 2 ranks or more, %1 (attempt, stage) pairs, %2 of them with no known host</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RemoveLabelDialog</name>
    <message numerus="yes">
        <location filename="../app/ui/dialogs/dialogs.cpp" line="+745"/>
        <source>%Ln file(s)</source>
        <translation>
            <numerusform>%Ln file</numerusform>
            <numerusform>%Ln files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln job</numerusform>
            <numerusform>%Ln jobs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln attempt(s)</source>
        <translation>
            <numerusform>%Ln attempt</numerusform>
            <numerusform>%Ln attempts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln phase(s)</source>
        <translation>
            <numerusform>%Ln phase</numerusform>
            <numerusform>%Ln phases</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln checkpoint(s)</source>
        <translation>
            <numerusform>%Ln checkpoint</numerusform>
            <numerusform>%Ln checkpoints</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReportDialog</name>
    <message numerus="yes">
        <location filename="../app/ui/dialogs/report_dialog.cpp" line="+196"/>
        <source>%n page(s), %1</source>
        <translation>
            <numerusform>%n page, %1</numerusform>
            <numerusform>%n pages, %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ScopeBar</name>
    <message numerus="yes">
        <location filename="../app/ui/widgets/scope_bar.cpp" line="+93"/>
        <source>⚠ This view adds up %n datasets (%1): every figure counts them together. Show one:</source>
        <translation>
            <numerusform>⚠ This view adds up %n datasets (%1): every figure counts them together. Show one:</numerusform>
            <numerusform>⚠ This view adds up %n datasets (%1): every figure counts them together. Show one:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message numerus="yes">
        <location filename="../app/ui/timeline/timeline_view.cpp" line="+427"/>
        <source>All %Ln job(s), about %1 to a line of pixels</source>
        <translation>
            <numerusform>%Ln job, about %1 to a line of pixels</numerusform>
            <numerusform>All %Ln jobs, about %1 to a line of pixels</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>All %Ln job(s)</source>
        <translation>
            <numerusform>%Ln job</numerusform>
            <numerusform>All %Ln jobs</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WhatIfPage</name>
    <message numerus="yes">
        <location filename="../app/ui/pages/whatif_page.cpp" line="+637"/>
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln job</numerusform>
            <numerusform>%Ln jobs</numerusform>
        </translation>
    </message>
</context>
</TS>
