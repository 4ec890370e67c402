<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR" sourcelanguage="en">
<context>
    <name>AdviceTableModel</name>
    <message>
        <location filename="../app/ui/advice_table_model.cpp" line="+122"/>
        <source>lost progress high</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>lost progress low</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+15"/>
        <source>%Ln job(s) flagged</source>
        <translation>
            <numerusform>%Ln job sinalizado</numerusform>
            <numerusform>%Ln jobs sinalizados</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no advice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+79"/>
        <source>%1 (b ≥ 2M)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 (%2× I/2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+111"/>
        <source>Train loop (productive + lost progress + checkpoint saves): %1 GPU-h, %2 h
E2E: %3 GPU-h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 interruptions after training had started; MTBI = loop time / interruptions = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Blocking time of a save over %1 saves: p50 %2, p90 %3 (nearest rank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Median of %1 intervals between the starts of consecutive durable checkpoints of an attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lost progress per interruption %1 (known for %2 of %3 interruptions) against half the current interval, %4, where an interruption lands on average</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Dataset label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Loop
GPU-h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Loop
hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Interruptions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MTBI</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save blocks
p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save blocks
p90</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Current
interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Young
optimum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Daly
optimum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Waste at
current</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Waste at
optimum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ETT%
gain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPU-h
to gain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Hours
to gain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Lost per
interruption</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Flags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Time in the train loop: productive + lost progress + checkpoint saves (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Failed or preempted attempts whose fault came after they had started training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Mean time between interruptions M: loop time / interruptions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>How long each save blocks training (b is the p50), nearest rank over every save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The interval in use: median between the starts of consecutive durable checkpoints</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Young&apos;s optimum √(2bM), where the waste I/(2M) + b/I is smallest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Daly&apos;s higher-order optimum (2006); b ≥ 2M: checkpointing cannot pay, the interval is M</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The model&apos;s waste, unsaved progress redone plus blocking saves: I/(2M) + b/I, % of loop time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Projected ETT% gain from moving to the optimum: the waste saved times the loop&apos;s share of E2E (GPU-weighted, percentage points)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What moving to the optimum saves: the waste saved times the loop&apos;s time (%1); rows are ranked by it, so that large jobs with a little to gain come before small ones with much</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Measured lost progress per interruption against the model&apos;s I/2. Above 2× (more than a whole interval) the checkpoints were probably not durable when the job thought</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Jobs whose measured lost progress is far from the model&apos;s I/2, and how many of a group&apos;s jobs are (hover for why)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>AdvisorPage</name>
    <message>
        <location filename="../app/ui/advisor_page.cpp" line="+108"/>
        <source>No data yet: open a database or import traces.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Checkpoint advisor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Advice per</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rows of the advice: each job, each dataset label, each value of an attribute (the measured inputs of a group&apos;s jobs pooled), or the fleet alone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <location line="+18"/>
        <source>Advisor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-17"/>
        <source>Advisor: checkpoint advice by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+118"/>
        <source>The advice could not be computed:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>The database has no jobs yet: import traces (File &gt; Import traces).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No jobs match the filter: widen it to get checkpoint advice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+66"/>
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln job</numerusform>
            <numerusform>%Ln jobs</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 interruptions in the train loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rows by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>loop hours %1, ETT% gain GPU-weighted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>filtered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+28"/>
        <source>&lt;p style=&quot;font-size:large;&quot;&gt;&lt;b&gt;No advice for %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;%2&lt;/p&gt;&lt;p style=&quot;color:#666;&quot;&gt;The optimum needs interruptions in the train loop (for the mean time between them, M) and saves that block training (for b). The current interval needs two durable checkpoints in one attempt.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not enough was measured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Train loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 → %2 waste</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Interruptions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (MTBI M = %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A save blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>b = %1 (p90 %2, %3 saves)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no save measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Current interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Optimum √(2bM)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Daly&apos;s optimum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (b ≥ 2M: checkpointing cannot pay)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Projected gain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;%1&lt;/b&gt; of ETT% (GPU-weighted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 vs I/2 = %2 (%3×)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lost per interruption</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>interval %1: waste %2 of train-loop time</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Bucket</name>
    <message>
        <location filename="../app/ui/palette.cpp" line="+80"/>
        <source>productive</source>
        <translation>produtivo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>queue</source>
        <translation>fila</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>setup</source>
        <translation>preparação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>init</source>
        <translation>inicialização</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>checkpoint load</source>
        <translation>carga de ponto de verificação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>compile</source>
        <translation>compilação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>checkpoint save</source>
        <translation>gravação de ponto de verificação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lost progress</source>
        <translation>progresso perdido</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stall</source>
        <translation>pausa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>eval</source>
        <translation>avaliação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>recovery</source>
        <translation>recuperação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>shutdown</source>
        <translation>encerramento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>idle</source>
        <translation>ociosidade</translation>
    </message>
</context>
<context>
    <name>Category</name>
    <message>
        <location line="+9"/>
        <source>queue</source>
        <translation>fila</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>setup</source>
        <translation>preparação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>init</source>
        <translation>inicialização</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>checkpoint load</source>
        <translation>carga de ponto de verificação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>compile</source>
        <translation>compilação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>train</source>
        <translation>treinamento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>checkpoint save</source>
        <translation>gravação de ponto de verificação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stall</source>
        <translation>pausa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>eval</source>
        <translation>avaliação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>recovery</source>
        <translation>recuperação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>shutdown</source>
        <translation>encerramento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>background</source>
        <translation>segundo plano</translation>
    </message>
</context>
<context>
    <name>CauseClass</name>
    <message>
        <location line="+32"/>
        <source>infra</source>
        <translation>infra</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>preemption</source>
        <translation>preempção</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>maintenance</source>
        <translation>manutenção</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dependency</source>
        <translation>dependência</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>user</source>
        <translation>usuário</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>manual</source>
        <translation>manual</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unknown</source>
        <translation>desconhecida</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(none)</source>
        <translation>(nenhuma)</translation>
    </message>
</context>
<context>
    <name>CauseRatesModel</name>
    <message>
        <location filename="../app/ui/compare_models.cpp" line="+264"/>
        <source>%1 %3 per 1,000 GPU-days in A (%2), %4 in B (%5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>preemptions</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CauseRuleDialog</name>
    <message>
        <location filename="../app/ui/cause_rule_dialog.cpp" line="+22"/>
        <source>Cause rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The rule matches interrupted attempts on their imported cause, symptom and detail (empty: anything) and sets a new cause. The first rule that matches wins.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>any; a dotted prefix such as unknown or infra.network</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>any; a regular expression found in the detail, e.g. NCCL.*timeout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>e.g. infra.network.nccl_timeout (class: infra, preemption, maintenance, dependency, user, manual or unknown)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cause starts with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Symptom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Detail matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Set cause to</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CausesPage</name>
    <message>
        <location filename="../app/ui/causes_page.cpp" line="+111"/>
        <source>Cause rules changed: %1 changed cause, %2 derived again</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <location line="+194"/>
        <source>%Ln interruption(s)</source>
        <translation>
            <numerusform>%Ln interrupção</numerusform>
            <numerusform>%Ln interrupções</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-193"/>
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln job</numerusform>
            <numerusform>%Ln jobs</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The cause rules were not changed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The cause rules were not changed:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The causes could not be computed:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No data yet: open a database or import traces.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Interruptions by cause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Cause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Interruptions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Failures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Preempt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Lost GPU-h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mean TTR</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Explicit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Hang</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Degrad.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Numeric</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No symptom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(Lost progress + Time to Recover where defined) x the attempt&apos;s GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Mean Time to Recover, over the interruptions after which the job trained again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Counted in Number of Failures (spec 5.4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Interruptions with this symptom: how the cause showed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+27"/>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Matches (imported values)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sets cause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Moved here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>In database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Add...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add a rule at the end and save the set (Edit &gt; Undo restores the one before)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Try this rule earlier: the first rule that matches sets the cause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+75"/>
        <source>no interruptions in the filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (%2 failures, %3 preemptions, %4 other) · %5 lost · %6 re-classified by the rules below</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No interruptions (failed or preempted attempts) in the filter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+25"/>
        <source>&lt;b&gt;Cause rules&lt;/b&gt;: a fleet store keeps none; causes are as pushed (after the rules in force in each database pushed). Open the database to re-classify them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;b&gt;Cause rules&lt;/b&gt;: none in force, causes are as imported. Add a rule to re-classify interruptions (an NCCL timeout logged as unknown, say): every view follows, no re-import.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Cause rules&lt;/b&gt; in force (saved %1; the first that matches sets the cause; Edit &gt; Undo restores the set before)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+75"/>
        <source>Saving the cause rules and deriving the figures again...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Restoring the cause rules saved before...</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CohortControls</name>
    <message>
        <location filename="../app/ui/cohort_controls.cpp" line="+93"/>
        <source>Pick an attribute, then one of its values to keep only matching jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+123"/>
        <source>The end must be after the start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+195"/>
        <source>To (exclusive, UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-153"/>
        <source>(no datasets)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+33"/>
        <source>(no attributes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Clear attribute terms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>attribute…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>value…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 = …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Datasets: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+3"/>
        <source>all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 labels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Attributes: any</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attributes: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attributes: %1 terms</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CohortEditor</name>
    <message>
        <location filename="../app/ui/cohort_editor.cpp" line="+82"/>
        <source>Cohort %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Dataset labels of cohort %1 (none checked: all)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attribute values of cohort %1: a job must have one of the checked values of every attribute with a check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Uncheck to clip cohort %1 to a time range (UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>all jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cohort %1 as a spec (as `ettw compare --%2` takes it), e.g.
label=before, team=vision|ads, from=2025-06-01, to=2025-06-08, gpus&gt;=64
Press Enter to apply.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Use filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Make cohort %1 the window&apos;s filter (as the overview and drill-down show it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+60"/>
        <source>No dataset label &apos;%1&apos; (labels: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No job has the attribute &apos;%1&apos; (attributes: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Cohort %1: %2
Edit and press Enter to apply (as `ettw compare --%3` takes it).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CompareCards</name>
    <message>
        <location filename="../app/ui/compare_cards.cpp" line="+70"/>
        <source>Matched jobs (by %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>jobs in both cohorts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 regressions and %2 improvements listed below · ETT% per job is GPU-weighted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 · ETT% (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>cohort %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 · %2 GPU-days · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln job</numerusform>
            <numerusform>%Ln jobs</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Change B − A (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>with its %1% interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>no interval or verdict: too few jobs (A %1, B %2; at least %3 each)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>B is better: the interval is above 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>B is worse: the interval is below 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no clear change: the interval spans 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1% interval %2 to %3 · %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no interval: a cohort has no E2E</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Percentile bootstrap over jobs (each cohort resampled), %1 replicates, seed %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ComparePage</name>
    <message>
        <location filename="../app/ui/compare_page.cpp" line="+117"/>
        <location line="+124"/>
        <location line="+28"/>
        <location line="+28"/>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-168"/>
        <source>Matched jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Table of changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Compare cohorts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>⇅ Swap A/B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Exchange the cohorts: B becomes the baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Match jobs by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>What pairs a job of A with a job of B: its key, its name, or an attribute&apos;s value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Count queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Start job windows at submission in both cohorts: time before the first attempt is queue (spec 5.6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>GPU-weighted</source>
        <translation>ponderado por GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weigh every job by its GPUs (the whole window follows)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Time-weighted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weigh every job alike (the whole window follows)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Distributions: nearest-rank percentiles of A and B, and the change (click a row to chart it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Compare: distributions of A and B (nearest-rank percentiles)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>From A&apos;s mean Time to Recover to B&apos;s, one step per part: detect (fault to the attempt&apos;s end), restart (to the next attempt&apos;s start), start-up (to training again). Means, not medians, because they add up exactly.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Interruptions per 1,000 GPU-days of E2E, A → B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Compare: interruptions per 1,000 GPU-days of E2E by cause class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Compare: matched jobs by %1, regressions then improvements of ETT% (GPU-weighted), the most GPU-hours changed first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+29"/>
        <source>A: %1 · B: %2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>auto (name or key)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>job key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>job name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>attribute %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+126"/>
        <source>starting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+52"/>
        <source>None of the %1 in both cohorts changed its ETT% (matched by %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <location line="+56"/>
        <location line="+1"/>
        <location line="+92"/>
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln job</numerusform>
            <numerusform>%Ln jobs</numerusform>
        </translation>
    </message>
    <message>
        <location line="-148"/>
        <source>No job is in both cohorts (matched by %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Computing the comparison: %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A: %1 · B: %2 · bootstrap over jobs, %3 replicates, seed %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Open a database with jobs to compare (File &gt; Open).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The comparison failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cohort A (%1) matches no jobs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cohort B (%1) matches no jobs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Bridge from ETT% of A to B by bucket (%1): no data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+30"/>
        <source>cohort %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Matched jobs: none yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 in both cohorts (by %2). Regressions, then improvements of ETT% (GPU-weighted), the most GPU-hours changed first; select one to see it in A and B.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>⚠ %1 of the %2 listed differ in name or GPU count and may be two different jobs.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DateFormat</name>
    <message>
        <location filename="../app/ui/overview_charts.cpp" line="+264"/>
        <source>&apos;wk&apos; MMM d yyyy</source>
        <comment>QDateTime format: the week of a date</comment>
        <translation>&apos;sem.&apos; d MMM yyyy</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&apos;wk&apos; MMM d</source>
        <comment>QDateTime format: the week of a date</comment>
        <translation>&apos;sem.&apos; d MMM</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MMM d yyyy</source>
        <comment>QDateTime format</comment>
        <translation>d MMM yyyy</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>MMM d</source>
        <comment>QDateTime format</comment>
        <translation>d MMM</translation>
    </message>
    <message>
        <location filename="../app/ui/overview_page.cpp" line="+347"/>
        <location line="+1"/>
        <source>yyyy-MM-dd HH:mm</source>
        <comment>QDateTime format</comment>
        <translation>dd/MM/yyyy HH:mm</translation>
    </message>
    <message>
        <location line="+177"/>
        <source>yyyy-MM-dd</source>
        <comment>QDateTime format</comment>
        <translation>dd/MM/yyyy</translation>
    </message>
</context>
<context>
    <name>DetailsPanel</name>
    <message>
        <location filename="../app/ui/details_panel.cpp" line="+317"/>
        <source>The whole job or one of its attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Bucket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>GPU-h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>% of E2E</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+30"/>
        <location line="+3"/>
        <source>Phases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Init stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Max over ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Total s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Max over ranks s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Init stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Restarts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>buckets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>phases</source>
        <translation>fases</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>init stages</source>
        <translation>etapas de inicialização</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>restarts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Details: %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+84"/>
        <source>Open a job (double-click it in the drill-down or the overview&apos;s top jobs) to see its attempts, phases and init stages here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+13"/>
        <source>Loading the job…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+38"/>
        <source>The job could not be loaded: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>dataset %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Whole job (1 attempt)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Whole job (%1 attempts)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>attempt %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+25"/>
        <source>This job has no attempt %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Phases (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+45"/>
        <location line="+75"/>
        <source>Window (UTC):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-73"/>
        <source>Duration:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+82"/>
        <source>GPUs:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-77"/>
        <source>Outcome:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(no cause)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, symptom %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cause:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Detail:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Fault at:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+62"/>
        <source> UTC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-59"/>
        <location line="+68"/>
        <source>ETT%:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-65"/>
        <source>productive / (attempt window + gap after it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+67"/>
        <source>Time to Start:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-65"/>
        <location line="+69"/>
        <source>Time to Recover:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-69"/>
        <source>never trained again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>  detect:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>From the fault to the attempt&apos;s end (a hang&apos;s undetected time included)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>  restart:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>From the attempt&apos;s end to the next attempt&apos;s start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>  start-up:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>From the next attempt&apos;s start to training again, through as many attempts as it takes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Gap after:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recovery until the next attempt starts; counted with this attempt, as in the drill-down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+34"/>
        <source>E2E:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Submitted:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>queued %1 before the first attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Attempts:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Interruptions:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, %2, %3 other</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln failure(s)</source>
        <translation>
            <numerusform>%Ln falha</numerusform>
            <numerusform>%Ln falhas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln preemption(s)</source>
        <translation>
            <numerusform>%Ln preempção</numerusform>
            <numerusform>%Ln preempções</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>productive / E2E (queue not counted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>of the first attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>p50 %1, max %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+2"/>
        <source>Checkpoints:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-2"/>
        <source>&lt;span style=&apos;color:#d55e00&apos;&gt;no checkpoint data: lost progress unknown&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+99"/>
        <source>(none)</source>
        <translation>(nenhuma)</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+2"/>
        <source>all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Init stages (%1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DistributionChangesModel</name>
    <message>
        <location filename="../app/ui/compare_models.cpp" line="-92"/>
        <source>%1 samples in A, %2 in B</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DistributionPanel</name>
    <message>
        <location filename="../app/ui/distribution_panel.cpp" line="+40"/>
        <source>Distribution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Which durations to overlay: time to start, time to recover, or a phase category or subcategory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>CDF</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cumulative share of each cohort at or below a duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Histogram</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Share of each cohort per bin (common bins for A and B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Log scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A logarithmic duration axis (long tails)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+29"/>
        <source>%1  (%2 / %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Distributions of A and B: no data</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DrillDownPage</name>
    <message>
        <location filename="../app/ui/drilldown_page.cpp" line="+100"/>
        <source>Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Drill-down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Drill-down: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Clear the filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+24"/>
        <source>List the intervals behind this cell</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The segments of the current cell&apos;s bucket in its row (double-click a bucket cell)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+60"/>
        <source>No jobs match the current filter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>There are no jobs here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No attempt of this job lies in the current filter (time range, count queue…).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This attempt lies outside the current filter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+64"/>
        <source>attempt %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>job %1</source>
        <translation>job %1</translation>
    </message>
    <message>
        <location line="+108"/>
        <source>You are here: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Go up to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+31"/>
        <source>groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>double-click a row to open it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Computing the table…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No data yet: open a database or import traces.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+43"/>
        <source>The table could not be computed: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ErrorDialog</name>
    <message>
        <location filename="../app/ui/dialogs.cpp" line="+549"/>
        <source>&amp;Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the message and the details to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Figures</name>
    <message>
        <location filename="../app/ui/figures_format.cpp" line="+96"/>
        <source>GPU-weighted</source>
        <translation>ponderado por GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>time-weighted</source>
        <translation>ponderado por tempo</translation>
    </message>
</context>
<context>
    <name>FiguresTableModel</name>
    <message>
        <location filename="../app/ui/figures_table_model.cpp" line="+33"/>
        <source>Time to Recover, %1 (spec 7.1)
over %2 interruptions that trained again
p50 %3 (%4)
p90 %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+269"/>
        <source>%1 jobs, %2 attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>E2E: %1
wall time: %2 h (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>ETT% GPU-weighted: %1
ETT% time-weighted: %2
productive: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lost (everything but productive): %1
%2 of E2E</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>failures %1, preemptions %2, other interruptions %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Time to Start over %1 samples
p50 %2 (%3)
p90 %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Time to Recover over %1 interruptions that trained again
p50 %2 (%3)
p90 %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>detect: from the fault until the attempt&apos;s resources are released</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>restart: from the end of the attempt to the start of the next</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>start-up: from the next attempt&apos;s start to training again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: %2
%3 of E2E (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPU-h
(E2E)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Hours
(E2E)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ETT%
(%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Lost
GPU-h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Lost
hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Failures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Preemp-
tions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Other
interrupts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTS
p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTR
p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Detect
p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Restart
p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start-up
p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1
%2 (% E2E)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>End-to-end window (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Effective Training Time: productive / E2E, %1 (spec 5.5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>E2E minus productive (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Failures: failed with cause class infra, dependency, unknown or none (spec 5.4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Preemptions: outcome preempted or cause class preemption</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Other interruptions: failed with cause class maintenance, user or manual</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time to Start, median (nearest rank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time to Recover, median (nearest rank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time to Recover&apos;s detect part (fault to the attempt&apos;s end), median (spec 7.1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time to Recover&apos;s restart part (the attempt&apos;s end to the next start), median (spec 7.1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time to Recover&apos;s start-up part (the next start to training again), median (spec 7.1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Time in bucket &quot;%1&quot; and its share of E2E (%2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FilterBar</name>
    <message>
        <location filename="../app/ui/filter_bar.cpp" line="+58"/>
        <source>Dataset labels to include (none checked: all)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Uncheck to clip every figure to a time range (UTC, spec 5.5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Datasets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Count queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start job windows at submission: time before the first attempt is queue (spec 5.6)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Attributes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no attribute filter: all jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Group by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rows of the drill-down table at the fleet level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>GPU-weighted</source>
        <translation>ponderado por GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weigh every job by its GPUs: sum(GPUs x productive) / sum(GPUs x E2E)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Time-weighted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weigh every job alike: sum(productive) / sum(E2E)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove every filter (weighting and group-by stay)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+27"/>
        <source>none (jobs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dataset label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Remove the filter %1 = %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Gantt</name>
    <message>
        <location filename="../app/ui/timeline/gantt_fleet_scenes.cpp" line="+41"/>
        <source>job %1 (%2), %3 GPUs
double-click to open</source>
        <translation>job %1 (%2), %3 GPUs
clique duas vezes para abrir</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>job %1 attempt %2: %3 at %4</source>
        <translation>job %1 tentativa %2: %3 em %4</translation>
    </message>
    <message>
        <location line="+10"/>
        <location filename="../app/ui/timeline/gantt_job_scenes.cpp" line="+171"/>
        <location line="+185"/>
        <source>fault</source>
        <translation>falha</translation>
    </message>
    <message>
        <location line="+94"/>
        <source>%1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 faults
%2</source>
        <translation>%1 falhas
%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 jobs in %2 on average
%3</source>
        <translation>%1 jobs em %2 em média
%3</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>job %1 (%2 of %3 by start)</source>
        <translation>job %1 (%2 de %3 pelo início)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 jobs from %2 (%3 to %4 of %5 by start)</source>
        <translation>%1 jobs a partir de %2 (%3 a %4 de %5 pelo início)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>nothing</source>
        <translation>nada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mostly %1</source>
        <translation>principalmente %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>
double-click to open the first</source>
        <translation>
clique duas vezes para abrir o primeiro</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>jobs in %1 over time (darker: more; at most %2 at once)</source>
        <translation>jobs em %1 ao longo do tempo (mais escuro: mais; no máximo %2 ao mesmo tempo)</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+8"/>
        <source>faults</source>
        <translation>falhas</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>interruptions per time bin (%1 in all)</source>
        <translation>interrupções por intervalo de tempo (%1 no total)</translation>
    </message>
    <message>
        <location filename="../app/ui/timeline/gantt_job_scenes.cpp" line="-322"/>
        <source>job %1 (%2)
%3
%4 GPUs</source>
        <translation>job %1 (%2)
%3
%4 GPUs</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>
no checkpoint data: lost progress unknown</source>
        <translation>
sem dados de ponto de verificação: progresso perdido desconhecido</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>, %1 GPUs
</source>
        <translation>, %1 GPUs
</translation>
    </message>
    <message>
        <location line="+61"/>
        <source> (never trained)</source>
        <translation> (nunca treinou)</translation>
    </message>
    <message>
        <location line="+19"/>
        <source> = detect %1 + restart %2 + start-up %3</source>
        <translation> = detecção %1 + reinício %2 + partida %3</translation>
    </message>
    <message>
        <location line="+43"/>
        <location filename="../app/ui/timeline/gantt_scene_text.h" line="+68"/>
        <source>checkpoint</source>
        <translation>ponto de verificação</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>checkpoint not durable</source>
        <translation>ponto de verificação não durável</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>time to start</source>
        <translation>tempo para iniciar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>time to recover</source>
        <translation>tempo para recuperar</translation>
    </message>
    <message>
        <location line="+74"/>
        <source> · %1 ranks</source>
        <translation> · %1 ranks</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>all ranks</source>
        <translation>todos os ranks</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>phases</source>
        <translation>fases</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>attempt %1 · </source>
        <translation>tentativa %1 · </translation>
    </message>
    <message>
        <location line="+28"/>
        <location filename="../app/ui/timeline/gantt_scene.cpp" line="+300"/>
        <source>init stages</source>
        <translation>etapas de inicialização</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> · init stages</source>
        <translation> · etapas de inicialização</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>background</source>
        <translation>segundo plano</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> · background (never blocks training)</source>
        <translation> · segundo plano (nunca bloqueia o treinamento)</translation>
    </message>
    <message>
        <location filename="../app/ui/timeline/gantt_painter.cpp" line="+713"/>
        <source>%1 jobs, one a line</source>
        <translation>%1 jobs, um por linha</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 jobs, %2 a line</source>
        <translation>%1 jobs, %2 por linha</translation>
    </message>
    <message>
        <location filename="../app/ui/timeline/gantt_scene.cpp" line="-2"/>
        <source>recovery gap</source>
        <translation>intervalo de recuperação</translation>
    </message>
    <message>
        <location line="+76"/>
        <location line="+70"/>
        <source> · rank %1</source>
        <translation> · rank %1</translation>
    </message>
    <message>
        <location line="-52"/>
        <location line="+46"/>
        <source>job %1</source>
        <translation>job %1</translation>
    </message>
    <message>
        <location line="-27"/>
        <source> (bucket)</source>
        <translation> (categoria)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> (between attempts, counted as recovery)</source>
        <translation> (entre tentativas, contado como recuperação)</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>init: %1 stages (in the sub-row below)</source>
        <translation>inicialização: %1 etapas (na sublinha abaixo)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>job %1 · attempt %2</source>
        <translation>job %1 · tentativa %2</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Time to Start</source>
        <translation>Tempo para Iniciar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time to Recover</source>
        <translation>Tempo para Recuperar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>attempt %1 start</source>
        <translation>início da tentativa %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fault of attempt %1</source>
        <translation>falha da tentativa %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> %1
first training  %2</source>
        <translation> %1
primeiro treinamento  %2</translation>
    </message>
    <message>
        <location filename="../app/ui/timeline/gantt_scene_text.h" line="-44"/>
        <source>many small spans (shares of time)</source>
        <translation>muitos trechos pequenos (parcelas do tempo)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>start %1
end   %2
duration %3</source>
        <translation>início %1
fim    %2
duração %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>attempt %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>(none given)</source>
        <translation>(não informada)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>attempt %1 %2 at %3
cause: %4
symptom: %5</source>
        <translation>tentativa %1 %2 em %3
causa: %4
sintoma: %5</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>
detail: %1</source>
        <translation>
detalhe: %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>checkpoint step %1</source>
        <translation>ponto de verificação passo %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (attempt %1)
captured %2</source>
        <translation> (tentativa %1)
capturado %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>
never became durable (failed)</source>
        <translation>
nunca se tornou durável (falhou)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>
durable  %1 (+%2)</source>
        <translation>
durável  %1 (+%2)</translation>
    </message>
</context>
<context>
    <name>GanttWidget</name>
    <message>
        <location filename="../app/ui/timeline/gantt_widget.cpp" line="+271"/>
        <source>
(narrower than %1 px here: zoom in to tell it from its neighbours)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Nothing to show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+186"/>
        <source>Fit all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom out</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <location filename="../app/ui/dialogs.cpp" line="-485"/>
        <source>Import traces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Import %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Dataset &amp;label:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Files under one label merge into one fleet; use different labels (&quot;before&quot;, &quot;after&quot;) to compare. A label can be renamed later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>&amp;Options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>How the files are read: the options of `ettw import`</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Auto (by content)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ETT trace (JSON Lines)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PyTorch profiler / Chrome trace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nsight Systems SQLite export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MLPerf log (:::MLLOG)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Console log (by rules)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV job table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Auto recognises the format by the file&apos;s content, never by its name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Format:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the format&apos;s built-in preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Browse...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Mapping file:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+1"/>
        <location line="+1"/>
        <source>from the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>from a full date in the log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Job:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Attempt:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Rank:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Timezone:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Year:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>&amp;Import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+183"/>
        <source>A rules file mapping the names a tool writes to phases (see `ettw mappings`); empty: the format&apos;s built-in preset.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Job of the files, for formats that cannot say; empty: from the file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attempt number of the files (&gt;= 0); empty: from the file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rank of the files (&gt;= 0); empty: from the file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zone of console-log times that have none: UTC or an offset such as +02:00.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Year of console-log times that have none (%1 to %2); empty: the year of the first full date in the log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Read for these formats: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not read for this format. %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+28"/>
        <source>format by content, times in UTC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Mapping file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mapping rules (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ImportProgressDialog</name>
    <message>
        <location line="+20"/>
        <source>Importing traces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Starting...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+28"/>
        <source>unknown</source>
        <translation>desconhecida</translation>
    </message>
    <message>
        <location line="-27"/>
        <source>Stage:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Records:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time left:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Each file is stored in one transaction: Cancel rolls the current file back and skips the rest, so nothing half-imported is left.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>&lt; 1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>File %1 of %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%p% of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>finishing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>cancelling: rolling back the current file...</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Interruption</name>
    <message>
        <location filename="../app/ui/palette.cpp" line="-19"/>
        <source>none</source>
        <translation>nenhuma</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failure</source>
        <translation>falha</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>preemption</source>
        <translation>preempção</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>other</source>
        <translation>outra</translation>
    </message>
</context>
<context>
    <name>IntervalsDialog</name>
    <message>
        <location filename="../app/ui/intervals_dialog.cpp" line="+157"/>
        <source>Which cohort&apos;s intervals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>List the first by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>GPU-hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Which %1 intervals are listed when there are more (the table then sorts them by any column)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+27"/>
        <location line="+53"/>
        <source>Intervals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-49"/>
        <source>Intervals in bucket %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Intervals in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Intervals in %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every interval attributed to %1 in: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Listing the intervals…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <source>%1, %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln interval(s)</source>
        <translation>
            <numerusform>%Ln intervalo</numerusform>
            <numerusform>%Ln intervalos</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPU-h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>; the first %1 by %2 listed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source> · double-click one to open its timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Could not list the intervals: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>IntervalsTableModel</name>
    <message>
        <location line="-211"/>
        <source>%1 / %2, attempt %3
%4 to %5 UTC (exactly %6)
%7 GPUs: %8 GPU-s
Double-click: open its timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start (UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPU-h</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>IssuesDialog</name>
    <message>
        <location filename="../app/ui/issues_dialog.cpp" line="+150"/>
        <source>Import issues</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Non-fatal data problems counted when the files were imported. The figures account for them as their descriptions say (hover an issue to read it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Search label, file, issue or example</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+33"/>
        <source>The import issues could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No import issues: every file was read as it is.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 in %2%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln issue(s)</source>
        <translation>
            <numerusform>%Ln problema</numerusform>
            <numerusform>%Ln problemas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln row(s)</source>
        <translation>
            <numerusform>%Ln linha</numerusform>
            <numerusform>%Ln linhas</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>; %1 shown</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>IssuesTableModel</name>
    <message>
        <location line="-116"/>
        <source>A kind of issue this version of ETT Workbench does not know (written by another version).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Severity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Issue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>First line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Example</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>JobSearch</name>
    <message>
        <location filename="../app/ui/job_search.cpp" line="+34"/>
        <source>Find a job: key, name or attribute (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Find jobs by key, name or attribute value in every label; Enter opens the first match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Search failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+46"/>
        <source>label %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>No job matches &quot;%1&quot; (keys, names and attribute values of every label)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 more: type more to narrow the search</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../app/ui/main_window.cpp" line="+115"/>
        <source>&amp;Connect to fleet store...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Compute on a fleet store (a ClickHouse cluster) instead of a database: every figure in SQL on its shards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Stop cluster query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Abandon the query running on the fleet store (the server is asked to kill it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;New database...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Create an empty workbench database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open &amp;database...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open a workbench database (.db)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Import traces...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Import ETT trace files into the open database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Open...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open a database or import traces (chosen by what the files are)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Rename label...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Re&amp;move label...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove a dataset label: every file imported under it and its jobs (undoable)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Find job...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Find jobs by key, name or attribute value in every label, and open one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../app/ui/main_window_files.cpp" line="+435"/>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Export report...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A PDF report of the filter&apos;s jobs (and of the comparison), previewed first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Export chart or &amp;table...	Ctrl+Shift+E</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export the focused chart or timeline as PNG or SVG, or table as CSV or JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Click the chart, table or timeline to export first, then choose Export again (or right-click it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Drill-down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Compare A/B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compare two cohorts: ETT% with its interval, the bridge by bucket, distributions and matched jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Checkpoint &amp;advisor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Checkpoint intervals: the current one, the optimum, the waste of both and the ETT% gain, per job or group of the filter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;What-if</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scale buckets, a phase subcategory, interruptions or the checkpoint interval of the filter&apos;s jobs and see the projected ETT% with the bridge from today</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Ranks and stragglers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The slowest rank of each stage of a job&apos;s multi-rank attempts, and the hosts of the filter&apos;s jobs most often slowest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Causes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Interruptions by cause and symptom; rules that re-classify causes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Import &amp;issues…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The non-fatal data problems counted when each file was imported</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;About ETT Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Every key the window answers to, searchable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Recent &amp;files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Navigation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Filters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drill-down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare A/B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Advisor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What-if</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Causes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+52"/>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Import traces...  (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Open database...  (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>No jobs in this fleet store yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 holds no pushed dataset. From a shell:  ettw push --db DATABASE --store URL, or ettw import --store URL --label LABEL FILE...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No database is open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open a workbench database, or import trace files into a new one: native ETT traces (.ett.jsonl, .ett.jsonl.gz), PyTorch profiler (Chrome) traces, Nsight Systems exports, MLPerf logs, console logs and job tables. You can also drop files on this window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No jobs in this database yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 holds no traces. Import trace files to see where their training time went: native ETT traces (.ett.jsonl, .ett.jsonl.gz), PyTorch profiler (Chrome) traces, Nsight Systems exports, MLPerf logs, console logs and job tables. You can also drop files on this window.

From a shell:  ettw import --db %1 FILE...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+63"/>
        <source>no database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Open a database or import traces (File &gt; Open, or drop files here).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>An import is running. Cancel it (the file being imported is rolled back) and quit?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ui/main_window_files.cpp" line="-360"/>
        <source>last query: %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Label &quot;%1&quot; renamed to &quot;%2&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Rename label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The label was not renamed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Removed label &apos;%1&apos; (%2, %3) — Undo (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+13"/>
        <location line="+199"/>
        <source>file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-212"/>
        <location line="+13"/>
        <location line="+199"/>
        <source>files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-211"/>
        <location line="+13"/>
        <location line="+117"/>
        <location line="+18"/>
        <source>job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-148"/>
        <location line="+13"/>
        <location line="+117"/>
        <location line="+18"/>
        <source>jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-142"/>
        <source>Remove label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Removing the label did not go through.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Restored label &apos;%1&apos; (%2, %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Not undone: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The label was not restored; nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Query failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Opening %1...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+7"/>
        <location line="+150"/>
        <location line="+45"/>
        <source>Import traces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-201"/>
        <source>A fleet store is open: the window only reads it. Import into a database (File &gt; Open database), or into the store from a shell with  ettw import --store URL --label LABEL FILE...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>An import is running; wait for it to finish or cancel it first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>No database was open: importing into %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <location line="+166"/>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-166"/>
        <source>The file does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Aggregation backend: %1
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, %2, %3 loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+18"/>
        <source>attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-18"/>
        <location line="+18"/>
        <source>attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-17"/>
        <location line="+18"/>
        <source>segment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-18"/>
        <location line="+18"/>
        <source>segments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-17"/>
        <source>Loaded from %1 in %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1, %2, %3 in %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Fleet store %1, connected in %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Connected to %1 in %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No database was open: importing into %1...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Importing into %1...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Loaded %1 in %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Could not connect to the fleet store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Could not open the database.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connect to fleet store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+63"/>
        <source>Open database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-62"/>
        <source>The database could not be opened.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Could not open %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Open or create a database first (File &gt; New database, File &gt; Open database).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>A file could not be imported; nothing of it was stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 files could not be imported; nothing of them was stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Summary:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Import cancelled: the file being imported was rolled back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Import finished; %1 could not be imported.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (and more files)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+5"/>
        <source>New database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Could not replace %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Databases and traces (*.db *.sqlite *.ett.jsonl *.ett.jsonl.gz *.jsonl *.jsonl.gz *.json *.json.gz *.gz *.txt *.log *.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Counting what label &apos;%1&apos; holds...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Removing label &apos;%1&apos;...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Restoring label &apos;%1&apos;...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;Undo scenario delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the scenario deleted on the What-if page again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Undo cause rule change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Restore the cause rules in force before the last change, and the figures with them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Undo removal of label &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Put label &apos;%1&apos; back with everything it held (refused if a later import took its name or ids)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Nothing to undo: removing a label (File &gt; Remove label) can be undone until the database is closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>About ETT Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;h3&gt;ETT Workbench %1&lt;/h3&gt;&lt;p&gt;Where the wall-clock time of training jobs goes: Effective Training Time (ETT%), computed exactly by the ETT trace spec, from the fleet down to one attempt&apos;s phases.&lt;/p&gt;&lt;p&gt;Aggregation backend: %2&lt;br/&gt;%3&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>not loaded yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+31"/>
        <source>&amp;%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>(none)</source>
        <translation>(nenhuma)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+4"/>
        <source>%1 - ETT Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>ETT Workbench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ui/main_window_store.cpp" line="+138"/>
        <source>Connecting to %1...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Query stopped: the views keep what they showed. Change a view to ask again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MatchedJobsModel</name>
    <message>
        <location filename="../app/ui/compare_models.cpp" line="+139"/>
        <source>GPU-hours A lost (E2E minus productive)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU-hours B lost (E2E minus productive)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pairs whose jobs differ in name or GPU count: they may be two different jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <source>names differ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 → %2 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no name</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <source>%Ln GPU(s)</source>
        <translation>
            <numerusform>%Ln GPU</numerusform>
            <numerusform>%Ln GPUs</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A: %1
B: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>They may be two different jobs: read their change with care, or match by name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+38"/>
        <source>%1: ETT% dropped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1: ETT% rose</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MatchedTimelines</name>
    <message>
        <location filename="../app/ui/matched_timelines.cpp" line="+82"/>
        <source>Align B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>by start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>by first training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>by wall clock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What lines the two timelines up: the jobs&apos; starts (inside their cohorts&apos; ranges), their first instant of training, or the same wall-clock time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>then shift B by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source> min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Moves B&apos;s timeline right (positive) or left, relative to A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No shift: B aligned as chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show both jobs inside their cohorts&apos; ranges</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A row per rank, phases coloured by category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>A row per attempt, by bucket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open this job in the drill-down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Compare %1 timeline %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, rank view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>, job view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>(none)</source>
        <translation>(nenhuma)</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Loading the timelines of %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+36"/>
        <source>The timeline of %1 could not be loaded: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+59"/>
        <source>select a matched job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 has no job in this cohort</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1: loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 &lt;b&gt;%2&lt;/b&gt; (%3) · %4 GPUs · %5</source>
        <translation>%1 &lt;b&gt;%2&lt;/b&gt; (%3) · %4 GPUs · %5</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln attempt(s)</source>
        <translation>
            <numerusform>%Ln tentativa</numerusform>
            <numerusform>%Ln tentativas</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source> · the largest of %1 jobs matched by %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Outcome</name>
    <message>
        <location filename="../app/ui/palette.cpp" line="-15"/>
        <source>completed</source>
        <translation>concluída</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failed</source>
        <translation>falhou</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>preempted</source>
        <translation>preemptada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cancelled</source>
        <translation>cancelada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>running</source>
        <translation>em execução</translation>
    </message>
</context>
<context>
    <name>OverviewPage</name>
    <message>
        <location filename="../app/ui/overview_page.cpp" line="-440"/>
        <source>Fleet overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Trend per</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+401"/>
        <location line="+24"/>
        <source>day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-425"/>
        <location line="+401"/>
        <source>week</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-388"/>
        <source>rolling 24 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Draw the ETT% of the 24 hours before each hour over the trend: the worst day of the fleet, whenever it began</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+44"/>
        <source>: no data</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+135"/>
        <location line="+43"/>
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln job</numerusform>
            <numerusform>%Ln jobs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="-42"/>
        <location line="+43"/>
        <source>%Ln attempt(s)</source>
        <translation>
            <numerusform>%Ln tentativa</numerusform>
            <numerusform>%Ln tentativas</numerusform>
        </translation>
    </message>
    <message>
        <location line="-40"/>
        <source>%1 to %2 UTC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>all time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>filtered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no data yet: open a database or import traces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <source>ETT% (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU-hours (E2E)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Hours (E2E)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Lost GPU-hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Lost hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of E2E not productive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>one per %1 GPU-h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none</source>
        <translation>nenhuma</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Failures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Preemptions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Other interruptions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>maintenance, user, manual</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time to Start, p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>p90 %1 · %2 jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Time to Recover, p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>p90 %1 · %2 recoveries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No checkpoint data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>jobs of %1: their lost progress is unknown (spec 5.3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Lost GPU-hours by bucket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Lost hours by bucket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>and %1 more buckets; click a bar of &quot;Where the time went&quot; for its intervals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>click a bar of &quot;Where the time went&quot; for its intervals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: %2, %3 of E2E
click: the intervals behind it · double-click: drill-down sorted by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Where the time went</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>ETT% per %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1 %2 UTC: ETT% %3 (%4)
%5 E2E, %6 jobs
click: filter to this %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>week of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1: %2 %3
click: the fleet&apos;s jobs sorted by %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Jobs that lost the most GPU-hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 (%2, %3 GPUs)
%4: %5
lost in all: %6 · ETT% %7
click: open the job</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../app/ui/advisor_charts.cpp" line="+52"/>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 d</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+62"/>
        <source>Waste vs checkpoint interval: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>: no advice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+39"/>
        <source>waste I/(2M) + b/I</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>waste, % of loop time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>optimum %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>current %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+29"/>
        <source>checkpoint interval I (log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ui/advisor_page.cpp" line="-401"/>
        <source>fleet only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <location filename="../app/report/report_writer.cpp" line="+295"/>
        <location line="+139"/>
        <location line="+271"/>
        <source>job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>dataset label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ui/causes_page.cpp" line="-372"/>
        <source>Mean over %1 of %2 interruptions: the others never trained again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>cause %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+4"/>
        <source>(none)</source>
        <translation>(nenhuma)</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>symptom %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>detail /%1/</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ui/compare_charts.cpp" line="+161"/>
        <source>ETT% (from %1%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../app/report/report_writer.cpp" line="-409"/>
        <location line="+265"/>
        <location line="+57"/>
        <source>ETT%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+111"/>
        <source>duration (%1)%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>, log scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>share of the cohort</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>share at or below</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+75"/>
        <source>Bridge from ETT% of A to B by bucket (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>: a cohort has no E2E</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>ETT% of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ETT% of %1: %2% (exactly %3%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1: %2 pp of ETT% (exactly %3 pp)
share of E2E: %4 in A, %5 in B
%6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>B spends less of its E2E here: ETT% goes up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>B spends more of its E2E here: ETT% goes down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+28"/>
        <source>%1: cumulative share of each cohort</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: share of each cohort per bin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (no samples)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1 (n = %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ui/compare_models.cpp" line="-311"/>
        <source>Distribution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>n A / B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../app/report/report_writer.cpp" line="+53"/>
        <source>p50 A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../app/report/report_writer.cpp" line="+0"/>
        <source>p50 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../app/report/report_writer.cpp" line="+1"/>
        <source>p50 change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>p90 A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>p90 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../app/report/report_writer.cpp" line="+0"/>
        <source>p90 change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>p99 A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>p99 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../app/report/report_writer.cpp" line="+1"/>
        <source>p99 change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cause class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Failures A → B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Preemptions A → B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <location filename="../app/ui/import_options.cpp" line="+64"/>
        <source>Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../app/report/report_writer.cpp" line="+32"/>
        <source>ETT% A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../app/report/report_writer.cpp" line="+1"/>
        <source>ETT% B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Lost A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Lost B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Not alike</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+329"/>
        <source>Time to Recover from A to B: a cohort has no interruption that trained again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&lt;b&gt;Time to Recover&lt;/b&gt;, mean per recovery: A %1 (%2) → %3 → B %4 (%5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <location line="+2"/>
        <location filename="../app/report/report_writer.cpp" line="-125"/>
        <location line="+8"/>
        <source>%Ln recoveries</source>
        <translation>
            <numerusform>%Ln recuperação</numerusform>
            <numerusform>%Ln recuperações</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/ui/data_worker.cpp" line="+56"/>
        <source>%1: skipped (import cancelled)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: cancelled; nothing of it was stored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: failed; nothing of it was stored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: already imported under label &apos;%2&apos;; nothing changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2 under label &apos;%3&apos; (%4, %5, %6) in %7 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>; %1 (View &gt; Import issues)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+95"/>
        <location line="+14"/>
        <location line="+121"/>
        <location line="+44"/>
        <location line="+21"/>
        <location line="+20"/>
        <location line="+37"/>
        <source>no database is open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-247"/>
        <source>%1 is not made from a fleet store yet: open a database holding the same files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+104"/>
        <source>Connected as &apos;%1&apos;, who may write to the store: the window only reads, but a read-only user is safer (readonly = 1 in the user&apos;s profile).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Nothing was imported.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+105"/>
        <source>Label &apos;%1&apos; was removed, but the data could not be loaded again: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Label &apos;%1&apos; was restored, but the data could not be loaded again: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>job timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>intervals of a bucket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>fleet timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>fleet density</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+22"/>
        <source>comparison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>comparing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>checkpoint advice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+7"/>
        <source>report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-3"/>
        <source>The report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>A what-if projection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>what-if</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+7"/>
        <source>ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-3"/>
        <source>The ranks of a job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+7"/>
        <source>hosts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-3"/>
        <source>The hosts ranking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The list of import issues</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>import issues</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+7"/>
        <source>causes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-3"/>
        <source>The causes table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cause rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+34"/>
        <location line="+10"/>
        <location line="+25"/>
        <source>A saved scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-15"/>
        <source>Scenario &apos;%1&apos; was saved, but the list could not be read: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Scenario &apos;%1&apos; was deleted, but the list could not be read: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ui/details_panel.cpp" line="-837"/>
        <source>counted as a failure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>counted as a preemption</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>counted as another interruption</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+126"/>
        <source>%1
%2 to %3 UTC
duration %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Start (RFC 3339)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Duration s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <location filename="../app/ui/import_options.cpp" line="+0"/>
        <source>Attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start (UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../app/ui/import_options.cpp" line="+1"/>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ui/dialogs.cpp" line="-472"/>
        <source>no files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 and %2 more files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ui/drilldown_page.cpp" line="-486"/>
        <source>Jobs of the fleet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fleet by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Jobs with %1 = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Attempts of the job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Attempt %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ui/exporters.cpp" line="+80"/>
        <location line="+283"/>
        <location filename="../app/ui/shortcuts_dialog.cpp" line="+60"/>
        <source>Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-255"/>
        <source>ETT Workbench, %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: cannot write: the table has no model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+48"/>
        <source>PNG image (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SVG drawing (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CSV table (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Export %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Exported to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+90"/>
        <location filename="../app/ui/whatif_results.cpp" line="+116"/>
        <source>all jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>filter: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (queue counted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Export as PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export as SVG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Export as CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export as JSON…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Copy the selected rows (all rows when none is) with the header</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Export view as PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export view as SVG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export all rows as PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export all rows as SVG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+38"/>
        <source>nothing to export here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>this exports as %1, not &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ui/image_export.cpp" line="+81"/>
        <source>the chart has no size (it was never laid out)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+115"/>
        <location line="+73"/>
        <source>an image of %1 × %2 pixels is too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-38"/>
        <location line="+74"/>
        <source>cannot draw into an SVG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-53"/>
        <location line="+40"/>
        <source>the timeline has no size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-32"/>
        <source>%1 × %2 pixels is too large for a PNG: export the view, or as SVG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+41"/>
        <source>ETT Workbench timeline, %1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ui/import_options.cpp" line="-2"/>
        <source>Format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mapping file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Timezone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Year</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Set %1 under Options in the import dialog (File &gt; Import traces...) and import the file again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ui/intervals_dialog.cpp" line="-99"/>
        <source>(queue)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (gap after)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ui/main_window_files.cpp" line="-485"/>
        <source>Traces: ETT, PyTorch profiler / Chrome, Nsight SQLite, MLPerf, logs, job tables (*.ett.jsonl *.ett.jsonl.gz *.jsonl *.jsonl.gz *.json *.json.gz *.gz *.sqlite *.txt *.log *.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Workbench databases (*.db *.sqlite)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ui/main_window_store.cpp" line="-54"/>
        <source>Querying the store… (Esc: stop)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ui/matched_timelines.cpp" line="-265"/>
        <source>wheel: zoom both · drag: pan both · right-drag: zoom to a range · hover: exact times</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ui/overview_charts.cpp" line="-170"/>
        <source>failures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>preemptions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>other interruptions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Where the time went (% of E2E, %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+59"/>
        <source>ETT% per %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+9"/>
        <location line="+2"/>
        <source>week</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-11"/>
        <location line="+9"/>
        <location line="+2"/>
        <source>day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-57"/>
        <location line="+49"/>
        <location line="+126"/>
        <location line="+61"/>
        <location line="+83"/>
        <source>: no data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-264"/>
        <source>per %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ETT%, click a point to select its %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+22"/>
        <source>all %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>whole selection %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>rolling %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+80"/>
        <source>Interruptions by cause class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>: none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>other</source>
        <translation>outra</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Jobs that lost the most GPU-hours, by bucket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Jobs that lost the most GPU-hours: lost hours by bucket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+69"/>
        <source>lost %1, thousands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>lost %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>seconds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>minutes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+35"/>
        <location filename="../app/report/report_writer.cpp" line="-336"/>
        <location line="+248"/>
        <source>count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ui/page_widgets.cpp" line="+196"/>
        <source>All time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>From (inclusive, UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>To (exclusive, UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>UTC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <location filename="../app/report/report_writer.cpp" line="-205"/>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>any</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Fewest GPUs of a job (&quot;any&quot;: no lower bound)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Most GPUs of a job (&quot;any&quot;: no upper bound)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ui/shortcuts_dialog.cpp" line="+1"/>
        <source>Tables and charts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What-if</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom in / out at the centre</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom at the cursor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>mouse wheel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pan by a tenth of the width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>A, D, Left, Right</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>drag, horizontal wheel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scroll the rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Up, Down, PgUp, PgDown, Shift+wheel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom to a time range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>right drag, Shift+drag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fit the whole timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open a job (fleet view) or an attempt (job view)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>double-click</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export the focused chart, table or timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy the selected rows of a table (with its header)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open the row (drill-down)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>double-click, Enter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Undo the deletion of a saved scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ui/table_export.cpp" line="+173"/>
        <source>column %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+210"/>
        <source>E2E %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../app/report/report_writer.cpp" line="-125"/>
        <source>ETT% (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Lost %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../app/ui/whatif_results.cpp" line="-28"/>
        <source>Failures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../app/ui/whatif_results.cpp" line="+1"/>
        <source>Preemptions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Other interruptions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTS p50 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTR p50 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTR detect p50 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTR restart p50 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTR start-up p50 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ui/whatif_results.cpp" line="-2"/>
        <source>Jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>E2E GPU-h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 attempts · %2 saved in all · projections keep every job and its training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The interval change did not apply to %1 (no measured interval, blocking per save or interruption).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <location filename="../app/report/report_writer.cpp" line="-60"/>
        <location line="+12"/>
        <location line="+2"/>
        <location line="+421"/>
        <location line="+59"/>
        <location line="+4"/>
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln job</numerusform>
            <numerusform>%Ln jobs</numerusform>
        </translation>
    </message>
    <message>
        <location line="+19"/>
        <source>ETT% today → projected (%1) · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Exactly %1% today, %2% projected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Bridge from ETT% today to projected, a bar per change (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>ETT% %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ETT% %1: %2 (exactly %3%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>today</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>projected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: %2 of ETT% (exactly %3 pp)
%4 %5 (%6 attempts changed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>saves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>adds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+49"/>
        <source>all changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/report/report_layout.h" line="+269"/>
        <source>Page %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/report/report_writer.cpp" line="-565"/>
        <source>Where the training time went</source>
        <translation>Para onde foi o tempo de treinamento</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>ETT Workbench report · Effective Training Time: the share of end-to-end time spent training on new data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Scope: %1 · %2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln attempt(s)</source>
        <translation>
            <numerusform>%Ln tentativa</numerusform>
            <numerusform>%Ln tentativas</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The headline figures add up %1 datasets: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Compared: A %1 (%2) · B %3 (%4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Weighting: %1. %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every second of an attempt counts once per GPU it held.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every second counts once, whatever the job&apos;s size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source> Queue time before the first attempt is counted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source> Queue time before the first attempt is not counted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Generated %1 by ETT Workbench %2 (aggregation on %3) from %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Contents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>section</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Provenance: the datasets pushed to the fleet store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Provenance: the files imported into the database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+137"/>
        <location line="+204"/>
        <source>label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-341"/>
        <location line="+341"/>
        <source>file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-340"/>
        <source>format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>records</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SHA-256</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Headline figures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>of %1 end to end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Interruptions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 failures, %2 preemptions, %3 other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 failures, %2 preemptions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time to start, p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source>p90 %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Time to recover, p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Where the time went, bucket by bucket (spec 5: every nanosecond of a job&apos;s end-to-end window is in exactly one bucket)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>end to end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>bucket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>ETT% over time, interruptions and recovery</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>ETT% per week</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ETT% per hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ETT% per day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Time to start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Time to recover</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>time to start (per job)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>time to recover (per interruption)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>  detect (fault to end)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>  restart (end to next start)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>  start-up (next start to training)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+417"/>
        <source>distribution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-414"/>
        <source>Percentiles are nearest-rank over the values counted (spec 5.4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Jobs that lost the most</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No jobs in this scope.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+32"/>
        <source>lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>most lost in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 (%2, %3 GPUs): ETT% %4, lost %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1, continued</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Checkpoint intervals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Measured per job: the time in the train loop (productive, lost progress and blocking saves), the interruptions in it and the mean time between them (M), the blocking time of a save (median b), and the interval actually used between durable checkpoints. The waste of the loop is modelled as I/(2M) unsaved plus b/I blocked (Young 1974); its optimum is sqrt(2bM). The gain is the waste saved at the optimum times the loop&apos;s share of end-to-end time (GPU-weighted).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Interval used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>median of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Optimum (Young)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Daly %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Waste of the loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 at the optimum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Projected gain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ETT% points, fleet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+40"/>
        <source>MTBI</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-39"/>
        <source>save p50 %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 of %2 jobs have the inputs for advice; %3 flagged. The jobs with the most GPU-hours to gain, then the flagged ones:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>No job in this scope has interruptions, saves and an interval measured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>optimum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>waste</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>at opt.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gain pp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>GPU-h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lost ratio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>flag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 more flagged jobs are not listed; ettw advise --by job lists every job.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>save: the median blocking time of a save. lost ratio: lost progress per interruption against half the interval. Above 2 (more than a whole interval lost) the job&apos;s checkpoints are probably not restorable when it thinks: flagged &quot;lost high&quot; (lost_progress_high).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Import issues</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No import issues: every file was read as it is.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Non-fatal data problems counted when the files were imported; the figures account for them as described. Data loss: part of the input was dropped or cut; warning: an assumption or a repair was made; info: noted for completeness.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>severity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>issue</source>
        <translation>problema</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>example</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>… and %1 more (ettw issues --db FILE lists them all).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>What-if scenarios</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No scenario is saved in this database. Save one on the What-if page (Ctrl+5) or with ettw whatif --scenario FILE --save; it is projected here on every report.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Each scenario scales or replaces buckets, phase subcategories, interruptions or the checkpoint interval of its cohort&apos;s whole jobs, keeps their productive time, and projects ETT% from the time removed. The steps add up exactly from today to the projection (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cohort: %1 · saved %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>every job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Could not be projected: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>ETT% today (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source> (%1 n/a)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>ETT% projected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+30"/>
        <location line="+66"/>
        <source>step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-95"/>
        <source>saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Failures %1 today, %2 projected; preemptions %3 today, %4 projected. changed: attempts (jobs, for the interval) whose time changed; n/a: jobs without a measured interval, save or time between interruptions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Time to Recover from A to B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>mean of A (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>mean of B (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>change of the mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Per recovery that trained again: detect (fault to the attempt&apos;s end), restart (to the next attempt&apos;s start), start-up (to training again). Means, because they add up: A&apos;s mean and the three steps give B&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Comparison: A against B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A: %1 (%2, %3 GPU-days)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>B: %1 (%2, %3 GPU-days)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>too few jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+87"/>
        <source>change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-86"/>
        <source>%1% interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU-weighted</source>
        <translation>ponderado por GPU</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>time-weighted</source>
        <translation>ponderado por tempo</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The interval is a percentile bootstrap over jobs (%1 replicates, seed %2): each cohort&apos;s jobs are drawn with replacement and ETT% recomputed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Bridge from A to B (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+17"/>
        <source>ETT% of A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>ETT% of B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>percentage points</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A step is the change of a bucket&apos;s share of end-to-end time; less time lost in a bucket raises ETT%. The steps add up exactly from A to B.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Distributions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>n A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>n B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Interruptions per 1,000 GPU-days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>cause class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>failures A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failures B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>preemptions A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>preemptions B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Matched jobs: largest regressions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Matched jobs: largest improvements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>lost GPU-h A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>lost GPU-h B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 jobs matched by %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+30"/>
        <source>%1 · ETT Workbench %2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/report/report_layout.cpp" line="+77"/>
        <location line="+12"/>
        <location filename="../app/report/report_writer.cpp" line="-124"/>
        <location line="+65"/>
        <source>n/a</source>
        <translation>n/d</translation>
    </message>
</context>
<context>
    <name>RankHeatMap</name>
    <message>
        <location filename="../app/ui/rank_heatmap.cpp" line="+90"/>
        <source>rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+158"/>
        <source>(no host)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-57"/>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;rank %2 on %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>an unknown host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;br&gt;did not record this stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;br&gt;time %1&lt;br&gt;excess over the median (%2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;br&gt;&lt;b&gt;the slowest rank of this stage&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+37"/>
        <source>rank  host</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RanksPage</name>
    <message>
        <location filename="../app/ui/ranks_page.cpp" line="+80"/>
        <source>Ranks and stragglers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>job key (or open a job)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The job whose ranks to show: its key. Opening a job on another page sets it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The dataset label of the job, when its key is under several</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The attempts of the job that have per-rank phases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Colour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>time (fastest to slowest rank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>excess over the stage&apos;s median</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Hosts of the filter&apos;s jobs: how often a rank on them was a stage&apos;s slowest, and the GPU time that cost (excess over the median x the attempt&apos;s GPUs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Times slowest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Excess GPU-hours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hosts by the GPU time their slowest ranks cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+44"/>
        <source>any</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+38"/>
        <source>choose one in the Label box</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1 (%2 ranks, %3 GPUs)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Attempt %1 of %2 (label &apos;%3&apos;), %4 ranks on %5 GPUs. </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No stage was recorded by 2 ranks or more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A column per stage; the outlined cell is its slowest rank. Hover a cell for its time and excess over the median.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>No ranks shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No attempt of %1 has per-rank phases.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open a job (or type its key above) to see its ranks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 attempts with stages of 2 ranks or more, %2 (attempt, stage) pairs, %3 of them with no known host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>no job chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>job %1</source>
        <translation>job %1</translation>
    </message>
</context>
<context>
    <name>RemoveLabelDialog</name>
    <message>
        <location filename="../app/ui/dialogs.cpp" line="+589"/>
        <location line="+42"/>
        <source>Remove label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-33"/>
        <source>&amp;Label:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The database has no labels yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every file imported under the label goes, with its jobs and everything derived from them. Other labels are not touched.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Remove...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 and %2 (%3, %4, %5) imported under label &apos;%6&apos; will be removed from the database.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln file(s)</source>
        <translation>
            <numerusform>%Ln arquivo</numerusform>
            <numerusform>%Ln arquivos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
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
            <numerusform>%Ln tentativa</numerusform>
            <numerusform>%Ln tentativas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <source>%Ln phase(s)</source>
        <translation>
            <numerusform>%Ln fase</numerusform>
            <numerusform>%Ln fases</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln checkpoint(s)</source>
        <translation>
            <numerusform>%Ln ponto de verificação</numerusform>
            <numerusform>%Ln pontos de verificação</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Remove label &apos;%1&apos;?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Other labels are not touched. Edit &gt; Undo (%1) brings it back until the database is closed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Remove</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RenameLabelDialog</name>
    <message>
        <location line="-106"/>
        <source>Rename label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>new name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Label:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;New name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Rename</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The database has no labels yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Datasets and jobs keep their data; only the label&apos;s name changes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A label &quot;%1&quot; already exists.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReportDialog</name>
    <message>
        <location filename="../app/ui/report_dialog.cpp" line="+36"/>
        <source>Export report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Where the training time went</source>
        <translation>Para onde foi o tempo de treinamento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The jobs of the filter bar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+11"/>
        <source>per day</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>per week</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;Page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Weighting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ETT% &amp;series</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Compare A (%1) with B (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Compare A with B (choose the cohorts on the Compare A/B page first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Comparison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>&amp;Save PDF...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Gathering the figures...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Cannot make the report: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 pages, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the report&apos;s figures are not ready yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <location line="+6"/>
        <source>Save report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-6"/>
        <source>PDF files (*.pdf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The report was not saved.

%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RestartsModel</name>
    <message>
        <location filename="../app/ui/restarts_model.cpp" line="+57"/>
        <source>No attempts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>One attempt: no restart to compare.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 (%2 → %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>▲ grew from attempt %1 by at least %2 and %3%</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No stage grows over the restarts. %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Growing over the restarts: %1. %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+42"/>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>
%1 from attempt %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source> (grew: at least %1 and %2% more)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+27"/>
        <source>attempt %1 · %2%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+8"/>
        <source>first start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>attempt %1 %2%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, cause %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source> (never trains)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>–</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No compile time in the start-up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>After</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Detect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Restart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start-up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The attempt&apos;s number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>How the previous attempt ended, and its cause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fault to the previous attempt&apos;s end (spec 7.1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The gap before this attempt (spec 7.1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Progress the previous attempt&apos;s interruption lost (spec 5.3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>From this attempt&apos;s start to its first training (its Time to Start)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: the part of %2 its phases cover (any rank)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: bucket time in the start-up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compile tag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cold, warm or cache_hit as the compile phases&apos; subcategory says; untagged when it says none</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RestartsTab</name>
    <message>
        <location filename="../app/ui/restarts_tab.cpp" line="+47"/>
        <source>The restarts cannot be shown: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source> No checkpoint records: lost progress is unknown (shown as 0).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Restarts (%1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RollingStrip</name>
    <message>
        <location filename="../app/ui/timeline/rolling_strip.cpp" line="+93"/>
        <source>ETT% of the %1 window ending %2 UTC: %3 (GPU-weighted)
productive %4 of %5 end-to-end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>
the job&apos;s worst window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+28"/>
        <source>ETT%, rolling %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>ETT%, rolling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>worst %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no window</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScenarioPanel</name>
    <message>
        <location filename="../app/ui/scenario_panel.cpp" line="+41"/>
        <source>Saved scenarios</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save the deleted scenario again (Ctrl+Z)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cohort</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Saved (UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the selected scenario in the rows (and its cohort)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save as…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save the rows and the cohort in the database under a name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete the selected scenario from the database (Undo brings it back)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Restored scenario &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Saved scenario &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Deleted scenario &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>scenario %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+8"/>
        <source>Save scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-8"/>
        <source>Name of the scenario:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>A scenario named &apos;%1&apos; is saved already. Replace it?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Nothing was changed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Open a database first: scenarios are saved in it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+18"/>
        <source>No scenario named &apos;%1&apos; is saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Not undone: a scenario named &apos;%1&apos; has been saved since.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+31"/>
        <source>all jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>None yet: set the rows, then Save as… keeps them in the database.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Nothing was changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Not undone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Undo delete of &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScopeBar</name>
    <message>
        <location filename="../app/ui/scope_bar.cpp" line="+37"/>
        <source>Keep them together</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hide this line until the datasets change</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+48"/>
        <source>⚠ This view adds up %n datasets (%1): every figure counts them together. Show one:</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Show only the dataset &apos;%1&apos; (the filter bar&apos;s Datasets)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Severity</name>
    <message>
        <location filename="../app/ui/palette.cpp" line="+41"/>
        <source>info</source>
        <translation>info</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>warning</source>
        <translation>aviso</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>data loss</source>
        <translation>perda de dados</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>issue</source>
        <translation>problema</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <location filename="../app/ui/shortcuts_dialog.cpp" line="+7"/>
        <source>Keyboard shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Search (an action or a key)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Where</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>What</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Keys</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StoreDialog</name>
    <message>
        <location filename="../app/ui/main_window_store.cpp" line="-56"/>
        <source>Connect to fleet store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A fleet store is a ClickHouse cluster the fleet was pushed to (ettw push, ettw import --store). Every figure is computed there in SQL; only aggregates come back. Connect with a read-only user: the window never writes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Store URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>empty: from ETTW_STORE_PASSWORD or the password file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Password:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The password is never saved; recent stores are remembered without it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;Connect</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <location filename="../app/ui/timeline/timeline_view.cpp" line="+73"/>
        <source>Job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>One row per attempt, coloured by bucket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>One row per rank, phases coloured by category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fleet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>One row per job of the current filter: the first %1 by start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Density</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every job of the current filter at once: a line of pixels per job (or per band of jobs) in the bucket it spends most time in, and above, how many jobs are in each bucket over time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Show everything (F, Home)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Zoom in (W, +, mouse wheel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Zoom out (S, -, mouse wheel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Worst hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom to the job&apos;s hour of lowest ETT% (rolling, GPU-weighted; the shaded window above the timeline)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>drag: pan · right-drag: zoom to range · right-click: export · double-click: open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Fleet density</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Fleet timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Timeline %1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rank view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>job view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+20"/>
        <source>job %1</source>
        <translation>job %1</translation>
    </message>
    <message>
        <location line="+165"/>
        <source>Loading the job&apos;s timeline…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+28"/>
        <location line="+33"/>
        <source>No jobs in this database yet: import traces (File &gt; Import traces, Ctrl+I).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-28"/>
        <source>Loading the fleet timeline…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Binning every job of the fleet…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+47"/>
        <source>All %1 jobs, about %2 to a line of pixels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>All %1 jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Showing the first %1 jobs by start (Density shows every job)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Could not load the job&apos;s timeline: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Could not load the fleet timeline: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Could not bin the fleet: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>No rolling ETT%: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Worst hour: %1 to %2 UTC, ETT% %3 (productive %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+52"/>
        <source>Building the timeline (%1 spans)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+24"/>
        <source>This job has no checkpoint records: lost progress cannot be known.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WhatIfPage</name>
    <message>
        <location filename="../app/ui/whatif_page.cpp" line="+112"/>
        <source>Undo delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+15"/>
        <location line="+61"/>
        <location line="+13"/>
        <location line="+65"/>
        <source>What-if</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-137"/>
        <source>Cohort</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the filter bar&apos;s jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a cohort spec</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Which jobs to project: those the filter bar selects, or a cohort spec typed here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+387"/>
        <source>all jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="-386"/>
        <source>label=after,team=ads,from=2025-06-01,gpus&gt;=64 (Enter applies); whole jobs: a time range selects the jobs that overlap it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>GPU-h saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>h saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>pp (GPU-weighted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>pp (time-weighted)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attempts changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Jobs not applicable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+10"/>
        <source>What-if: the steps from ETT% today to projected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+65"/>
        <source>What-if: scenarios saved in the database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+203"/>
        <source>Loaded scenario &apos;%1&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Its changes apply in the page&apos;s order: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+57"/>
        <source>cohort: %1 · changes: %2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none</source>
        <translation>nenhuma</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>No database is open.

Open a database or import traces (File &gt; Open, or drop files on the window) to see what changes to start-up, interruptions or checkpointing would do to ETT%.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The database has no jobs yet.

Import traces (File &gt; Import traces) to project what changes would do to ETT%.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>ETT% today → projected (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+26"/>
        <source>: the cohort has no E2E</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>: no projection yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Open a database with jobs to project (File &gt; Open).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>projecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 · %2 in %3 ms on %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln job</numerusform>
            <numerusform>%Ln jobs</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>model built and projected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>projected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/ui/whatif_rows.cpp" line="+18"/>
        <source>Setup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Setup time of every attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Init</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Init time of every attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Checkpoint load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Checkpoint-load time of every attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compile time of every attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recovery</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recovery time: after each fault and in the gaps between attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Subcategory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The time of its bucket during which phases of the chosen category.subcategory are active</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Failures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What failures cost: the progress they lose, their recovery and the next attempt&apos;s start-up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Preemptions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What preemptions cost: the progress they lose, their recovery and the next attempt&apos;s start-up</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WhatIfRowsEditor</name>
    <message>
        <location filename="../app/ui/whatif_rows_editor.cpp" line="+96"/>
        <source>Bucket time (% of today&apos;s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Phase subcategory (% of its time)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The fleet&apos;s phase subcategories that take blocking time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Interruptions (% of what they cost)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Checkpoint interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>as measured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>each job&apos;s optimum (Young)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a scale of the measured one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saves happen once per interval; an interruption loses half an interval on average. The optimum is sqrt(2 x blocking per save x mean time between interruptions), per job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Drop them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Project without the scenario&apos;s changes that the rows do not show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Reset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every row back to today (no change)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Changes apply from top to bottom, each to the result of those above.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+156"/>
        <source>Also applied (from the scenario; no row shows them): %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WorkbenchState</name>
    <message>
        <location filename="../app/ui/workbench_state.cpp" line="+15"/>
        <source>Fleet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location line="+14"/>
        <source>job %1</source>
        <translation>job %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>attempt %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
