<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt_BR" sourcelanguage="en">
<context>
    <name>AdviceTableModel</name>
    <message>
        <location filename="../app/ui/models/advice_table_model.cpp" line="+123"/>
        <source>lost progress high</source>
        <translation>progresso perdido alto</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>lost progress low</source>
        <translation>progresso perdido baixo</translation>
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
        <translation>sem recomendação</translation>
    </message>
    <message>
        <location line="+201"/>
        <source>fleet</source>
        <translation>frota</translation>
    </message>
    <message>
        <location line="-120"/>
        <source>%1 (b ≥ 2M)</source>
        <translation>%1 (b ≥ 2M)</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 (%2× I/2)</source>
        <translation>%1 (%2× I/2)</translation>
    </message>
    <message>
        <location filename="../app/ui/format/advice_text.cpp" line="+16"/>
        <source>no interruptions in the train loop (the optimum is unbounded: save as rarely as other needs allow)</source>
        <translation>nenhuma interrupção no loop de treinamento (o ótimo é ilimitado: salve tão raramente quanto as outras necessidades permitirem)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>no blocking checkpoint_save time measured</source>
        <translation>nenhum tempo bloqueante de checkpoint_save medido</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>fewer than two durable checkpoints in one attempt (no interval measured)</source>
        <translation>menos de dois pontos de verificação duráveis numa tentativa (nenhum intervalo medido)</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>lost progress of %Ln job(s) lies partly in excluded windows (left out of lost per interruption)</source>
        <translation>
            <numerusform>o progresso perdido de %Ln job está em parte em janelas excluídas (fora do progresso perdido por interrupção)</numerusform>
            <numerusform>o progresso perdido de %Ln jobs está em parte em janelas excluídas (fora do progresso perdido por interrupção)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>lost progress per interruption %1 exceeds the whole interval %2: checkpoints are probably not restorable when the job thinks (slow or failed uploads)</source>
        <translation>progresso perdido por interrupção %1 excede o intervalo inteiro %2: os pontos de verificação provavelmente não podem ser restaurados quando o job acha que podem (envios lentos ou com falha)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>lost progress per interruption %1 is far below half the interval %2: the saves measured are probably not the ones restarts load</source>
        <translation>progresso perdido por interrupção %1 está muito abaixo de metade do intervalo %2: as gravações medidas provavelmente não são as que os reinícios carregam</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/ui/models/advice_table_model.cpp" line="+112"/>
        <source>%Ln losing more than an interval per interruption</source>
        <translation>
            <numerusform>%Ln perdendo mais de um intervalo por interrupção</numerusform>
            <numerusform>%Ln perdendo mais de um intervalo por interrupção</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%Ln losing far less than half an interval</source>
        <translation>
            <numerusform>%Ln perdendo muito menos de meio intervalo</numerusform>
            <numerusform>%Ln perdendo muito menos de meio intervalo</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%1 of %Ln job(s) flagged (%2)</source>
        <translation>
            <numerusform>%1 de %Ln job sinalizado (%2)</numerusform>
            <numerusform>%1 de %Ln jobs sinalizados (%2)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Train loop (productive + lost progress + checkpoint saves): %1 GPU-h, %2 h
E2E: %3 GPU-h</source>
        <translation>Loop de treinamento (produtivo + progresso perdido + gravações de pontos de verificação): %1 GPU-h, %2 h
E2E: %3 GPU-h</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%Ln interruption(s) after training had started; MTBI = loop time / interruptions = %1</source>
        <translation>
            <numerusform>%Ln interrupção depois de o treinamento ter começado; MTBI = tempo de loop / interrupções = %1</numerusform>
            <numerusform>%Ln interrupções depois de o treinamento ter começado; MTBI = tempo de loop / interrupções = %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>Blocking time of a save over %Ln save(s): p50 %1, p90 %2 (nearest rank)</source>
        <translation>
            <numerusform>Tempo de bloqueio de uma gravação em %Ln gravação: p50 %1, p90 %2 (posto mais próximo)</numerusform>
            <numerusform>Tempo de bloqueio de uma gravação em %Ln gravações: p50 %1, p90 %2 (posto mais próximo)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Median of %Ln interval(s) between the starts of consecutive durable checkpoints of an attempt</source>
        <translation>
            <numerusform>Mediana de %Ln intervalo entre os inícios de pontos de verificação duráveis consecutivos de uma tentativa</numerusform>
            <numerusform>Mediana de %Ln intervalos entre os inícios de pontos de verificação duráveis consecutivos de uma tentativa</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Lost progress per interruption %1 (known for %2 of %Ln interruption(s)) against half the current interval, %3, where an interruption lands on average</source>
        <translation>
            <numerusform>Progresso perdido por interrupção %1 (conhecido em %2 de %Ln interrupção) comparado com metade do intervalo atual, %3, onde em média cai uma interrupção</numerusform>
            <numerusform>Progresso perdido por interrupção %1 (conhecido em %2 de %Ln interrupções) comparado com metade do intervalo atual, %3, onde em média cai uma interrupção</numerusform>
        </translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Scope</source>
        <translation>Escopo</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Dataset label</source>
        <translation>Rótulo do conjunto de dados</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Jobs</source>
        <translation>Jobs</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Loop
GPU-h</source>
        <translation>Loop
GPU-h</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Loop
hours</source>
        <translation>Loop
horas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Interrup-
tions</source>
        <translation>Interrup-
ções</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MTBI</source>
        <translation>MTBI</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save blocks
p50</source>
        <translation>Bloqueio
p50</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save blocks
p90</source>
        <translation>Bloqueio
p90</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Current
interval</source>
        <translation>Intervalo
atual</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Young
optimum</source>
        <translation>Ótimo de
Young</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Daly
optimum</source>
        <translation>Ótimo de
Daly</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Waste at
current</source>
        <translation>Desperdício
atual</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Waste at
optimum</source>
        <translation>Desperdício
no ótimo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ETT%
gain</source>
        <translation>Ganho
ETT%</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPU-h
to gain</source>
        <translation>GPU-h
a ganhar</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Hours
to gain</source>
        <translation>Horas
a ganhar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Lost per
interruption</source>
        <translation>Perda por
interrupção</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Flags</source>
        <translation>Alertas</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Time in the train loop: productive + lost progress + checkpoint saves (%1)</source>
        <translation>Tempo no loop de treinamento: produtivo + progresso perdido + gravações de pontos de verificação (%1)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Failed or preempted attempts whose fault came after they had started training</source>
        <translation>Tentativas com falha ou preempção cuja falha ocorreu depois de começarem a treinar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Mean time between interruptions M: loop time / interruptions</source>
        <translation>Tempo médio entre interrupções M: tempo de loop / interrupções</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>How long each save blocks training (b is the p50), nearest rank over every save</source>
        <translation>Quanto tempo cada gravação bloqueia o treinamento (b é o p50), posto mais próximo em todas as gravações</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The interval in use: median between the starts of consecutive durable checkpoints</source>
        <translation>O intervalo em uso: mediana entre os inícios de pontos de verificação duráveis consecutivos</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Young&apos;s optimum √(2bM), where the waste I/(2M) + b/I is smallest</source>
        <translation>Ótimo de Young √(2bM), onde o desperdício I/(2M) + b/I é mínimo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Daly&apos;s higher-order optimum (2006); b ≥ 2M: checkpointing cannot pay, the interval is M</source>
        <translation>Ótimo de ordem superior de Daly (2006); b ≥ 2M: pontos de verificação não compensam, o intervalo é M</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The model&apos;s waste, unsaved progress redone plus blocking saves: I/(2M) + b/I, % of loop time</source>
        <translation>Desperdício do modelo, progresso não salvo refeito mais gravações bloqueantes: I/(2M) + b/I, % do tempo de loop</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Projected ETT% gain from moving to the optimum: the waste saved times the loop&apos;s share of E2E (GPU-weighted, percentage points)</source>
        <translation>Ganho projetado de ETT% ao passar para o ótimo: o desperdício economizado vezes a parcela do loop no E2E (ponderado por GPU, pontos percentuais)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What moving to the optimum saves: the waste saved times the loop&apos;s time (%1); rows are ranked by it, so that large jobs with a little to gain come before small ones with much</source>
        <translation>O que passar para o ótimo economiza: o desperdício economizado vezes o tempo do loop (%1); as linhas são ordenadas por isso, de modo que jobs grandes com pouco a ganhar vêm antes de jobs pequenos com muito</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Measured lost progress per interruption against the model&apos;s I/2. Above 2× (more than a whole interval) the checkpoints were probably not durable when the job thought</source>
        <translation>Progresso perdido medido por interrupção comparado com o I/2 do modelo. Acima de 2× (mais de um intervalo inteiro), os pontos de verificação provavelmente não eram duráveis quando o job achava que eram</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Jobs whose measured lost progress is far from the model&apos;s I/2, and how many of a group&apos;s jobs are (hover for why)</source>
        <translation>Jobs cujo progresso perdido medido está longe do I/2 do modelo, e quantos dos jobs de um grupo estão assim (passe o mouse para ver o motivo)</translation>
    </message>
</context>
<context>
    <name>AdvisorPage</name>
    <message>
        <location filename="../app/ui/pages/advisor_page.cpp" line="+108"/>
        <source>No data yet: open a database or import traces.</source>
        <translation>Ainda sem dados: abra um banco de dados ou importe traces.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Checkpoint advisor</source>
        <translation>Consultor de pontos de verificação</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Advice per</source>
        <translation>Recomendação por</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rows of the advice: each job, each dataset label, each value of an attribute (the measured inputs of a group&apos;s jobs pooled), or the fleet alone</source>
        <translation>Linhas da recomendação: cada job, cada rótulo de conjunto de dados, cada valor de um atributo (com as entradas medidas dos jobs de um grupo agregadas) ou só a frota</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Computing…</source>
        <translation>Calculando…</translation>
    </message>
    <message>
        <location line="+33"/>
        <location line="+18"/>
        <source>Advisor</source>
        <translation>Consultor</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>Advisor: checkpoint advice by %1</source>
        <translation>Consultor: recomendação de pontos de verificação por %1</translation>
    </message>
    <message>
        <location line="+118"/>
        <source>The advice could not be computed:
%1</source>
        <translation>Não foi possível calcular a recomendação:
%1</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>The database has no jobs yet: import traces (File &gt; Import traces).</source>
        <translation>O banco de dados ainda não tem jobs: importe traces (Arquivo &gt; Importar traces).</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No jobs match the filter: widen it to get checkpoint advice.</source>
        <translation>Nenhum job corresponde ao filtro: amplie-o para obter recomendações de pontos de verificação.</translation>
    </message>
    <message numerus="yes">
        <location line="+66"/>
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
            <numerusform>%Ln interrupção no loop de treinamento</numerusform>
            <numerusform>%Ln interrupções no loop de treinamento</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rows by %1</source>
        <translation>linhas por %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>loop hours %1, ETT% gain GPU-weighted</source>
        <translation>horas de loop %1, ganho de ETT% ponderado por GPU</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>filtered</source>
        <translation>filtrado</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>computing…</source>
        <translation>calculando…</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>&lt;p style=&quot;font-size:large;&quot;&gt;&lt;b&gt;No advice for %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;%2&lt;/p&gt;&lt;p style=&quot;color:#666;&quot;&gt;The optimum needs interruptions in the train loop (for the mean time between them, M) and saves that block training (for b). The current interval needs two durable checkpoints in one attempt.&lt;/p&gt;</source>
        <translation>&lt;p style=&quot;font-size:large;&quot;&gt;&lt;b&gt;Sem recomendação para %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;%2&lt;/p&gt;&lt;p style=&quot;color:#666;&quot;&gt;O ótimo precisa de interrupções no loop de treinamento (para o tempo médio entre elas, M) e de gravações que bloqueiam o treinamento (para b). O intervalo atual precisa de dois pontos de verificação duráveis em uma tentativa.&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not enough was measured.</source>
        <translation>Não houve medições suficientes.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Jobs</source>
        <translation>Jobs</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Train loop</source>
        <translation>Loop de treinamento</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 → %2 waste</source>
        <translation>%1 → %2 de desperdício</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Interruptions</source>
        <translation>Interrupções</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (MTBI M = %2)</source>
        <translation>%1 (MTBI M = %2)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A save blocks</source>
        <translation>Bloqueio por gravação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>b = %1 (p90 %2, %3)</source>
        <translation>b = %1 (p90 %2, %3)</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln save(s)</source>
        <translation>
            <numerusform>%Ln gravação</numerusform>
            <numerusform>%Ln gravações</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no save measured</source>
        <translation>nenhuma gravação medida</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Current interval</source>
        <translation>Intervalo atual</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Optimum √(2bM)</source>
        <translation>Ótimo √(2bM)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Daly&apos;s optimum</source>
        <translation>Ótimo de Daly</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (b ≥ 2M: checkpointing cannot pay)</source>
        <translation>%1 (b ≥ 2M: pontos de verificação não compensam)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Projected gain</source>
        <translation>Ganho projetado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;%1&lt;/b&gt; of ETT% (GPU-weighted)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; de ETT% (ponderado por GPU)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 vs I/2 = %2 (%3×)</source>
        <translation>%1 vs. I/2 = %2 (%3×)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lost per interruption</source>
        <translation>Perda por interrupção</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>interval %1: waste %2 of train-loop time</source>
        <translation>intervalo %1: desperdício de %2 do tempo do loop de treinamento</translation>
    </message>
</context>
<context>
    <name>AlertsPanel</name>
    <message>
        <location filename="../app/ui/widgets/alerts_panel.cpp" line="+32"/>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Fired (UTC)</source>
        <translation>Disparado (UTC)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Detector</source>
        <translation>Detector</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>About</source>
        <translation>Sobre</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Figure</source>
        <translation>Valor</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Threshold</source>
        <translation>Limite</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>restart storm</source>
        <translation>tempestade de reinícios</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>stalled progress</source>
        <translation>progresso parado</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>hang</source>
        <translation>travamento</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>ETT% drop</source>
        <translation>queda de ETT%</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>slow start</source>
        <translation>início lento</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>checkpoint cost</source>
        <translation>custo de checkpoint</translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>%Ln attempt(s)</source>
        <translation>
            <numerusform>%Ln tentativa</numerusform>
            <numerusform>%Ln tentativas</numerusform>
        </translation>
    </message>
    <message>
        <location line="+92"/>
        <source>label %1, %2</source>
        <translation>rótulo %1, %2</translation>
    </message>
    <message numerus="yes">
        <location line="+29"/>
        <source>%Ln open alert(s)</source>
        <translation>
            <numerusform>%Ln alerta aberto</numerusform>
            <numerusform>%Ln alertas abertos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln cleared</source>
        <translation>
            <numerusform>%Ln encerrado</numerusform>
            <numerusform>%Ln encerrados</numerusform>
        </translation>
    </message>
    <message>
        <location line="-113"/>
        <source>%1 s per hour</source>
        <translation>%1 s por hora</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>open</source>
        <translation>aberto</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>cleared</source>
        <translation>encerrado</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>job %1 (%2), attempt %3</source>
        <translation>job %1 (%2), tentativa %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>job %1 (%2)</source>
        <translation>job %1 (%2)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>label %1</source>
        <translation>rótulo %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Evidence: %1</source>
        <translation>Evidência: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cleared at %1 UTC</source>
        <translation>Encerrado às %1 UTC</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Click to show the label&apos;s overview.</source>
        <translation>Clique para ver a visão geral do rótulo.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Click to open the job.</source>
        <translation>Clique para abrir o job.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>No alert so far. Alerts of the watched folders appear here (File &gt; Watch folder).</source>
        <translation>Nenhum alerta até agora. Os alertas das pastas observadas aparecem aqui (Arquivo &gt; Observar pasta).</translation>
    </message>
</context>
<context>
    <name>BackendText</name>
    <message>
        <location filename="../app/ui/format/backend_text.cpp" line="+26"/>
        <source>a CUDA device is present</source>
        <translation>há um dispositivo CUDA</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no usable CUDA driver or device</source>
        <translation>nenhum driver ou dispositivo CUDA utilizável</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no CUDA device found</source>
        <translation>nenhum dispositivo CUDA encontrado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no CUDA device</source>
        <translation>nenhum dispositivo CUDA</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>this build has no CUDA backend</source>
        <translation>esta compilação não tem o backend CUDA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>requested</source>
        <translation>pedido</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>every figure computed in SQL on its shards</source>
        <translation>todos os números calculados em SQL nos seus shards</translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>CPU (%Ln thread(s))</source>
        <translation>
            <numerusform>CPU (%Ln thread)</numerusform>
            <numerusform>CPU (%Ln threads)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>ClickHouse cluster &apos;%1&apos;</source>
        <translation>cluster ClickHouse &apos;%1&apos;</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>CUDA was asked for but is unavailable; using the CPU</source>
        <translation>o CUDA foi pedido mas não está disponível; usando a CPU</translation>
    </message>
</context>
<context>
    <name>Bucket</name>
    <message>
        <location filename="../app/ui/format/palette.cpp" line="+80"/>
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
        <translation>carga de ponto verif.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>compile</source>
        <translation>compilação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>checkpoint save</source>
        <translation>gravação de ponto verif.</translation>
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
        <translation>carga de ponto verif.</translation>
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
        <translation>gravação de ponto verif.</translation>
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
        <location line="+42"/>
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
        <translation>desconhecido</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(none)</source>
        <translation>(nenhum)</translation>
    </message>
</context>
<context>
    <name>CauseRatesModel</name>
    <message>
        <location filename="../app/ui/models/compare_models.cpp" line="+259"/>
        <source>%1 %3 per 1,000 GPU-days in A (%2), %4 in B (%5)</source>
        <translation>%1 %3 por 1.000 dias de GPU em A (%2), %4 em B (%5)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failures</source>
        <translation>falhas</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>preemptions</source>
        <translation>preempções</translation>
    </message>
</context>
<context>
    <name>CauseRuleDialog</name>
    <message>
        <location filename="../app/ui/dialogs/cause_rule_dialog.cpp" line="+17"/>
        <source>Cause rule</source>
        <translation>Regra de causa</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The rule matches interrupted attempts on their imported cause, symptom and detail (empty: anything) and sets a new cause. The first rule that matches wins.</source>
        <translation>A regra seleciona tentativas interrompidas pela causa, sintoma e detalhe importados (vazio: qualquer valor) e define uma nova causa. Vale a primeira regra que corresponder.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>any; a dotted prefix such as unknown or infra.network</source>
        <translation>qualquer; um prefixo com pontos, como unknown ou infra.network</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>(any)</source>
        <translation>(qualquer)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>any; a regular expression found in the detail, e.g. NCCL.*timeout</source>
        <translation>qualquer; uma expressão regular encontrada no detalhe, ex.: NCCL.*timeout</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>e.g. infra.network.nccl_timeout (class: infra, preemption, maintenance, dependency, user, manual or unknown)</source>
        <translation>ex.: infra.network.nccl_timeout (classe: infra, preemption, maintenance, dependency, user, manual ou unknown)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cause starts with</source>
        <translation>Causa começa com</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Symptom</source>
        <translation>Sintoma</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Detail matches</source>
        <translation>Detalhe corresponde a</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Set cause to</source>
        <translation>Definir causa como</translation>
    </message>
</context>
<context>
    <name>CausesPage</name>
    <message>
        <location filename="../app/ui/pages/causes_page.cpp" line="+113"/>
        <source>Cause rules changed: %1 changed cause, %2 derived again</source>
        <translation>Regras de causa alteradas: nova causa em %1, recálculo de %2</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <location line="+199"/>
        <source>%Ln interruption(s)</source>
        <translation>
            <numerusform>%Ln interrupção</numerusform>
            <numerusform>%Ln interrupções</numerusform>
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
    <message>
        <location line="+10"/>
        <source>The cause rules were not changed: %1</source>
        <translation>As regras de causa não foram alteradas: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The cause rules were not changed:
%1</source>
        <translation>As regras de causa não foram alteradas:
%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The causes could not be computed:
%1</source>
        <translation>Não foi possível calcular as causas:
%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No data yet: open a database or import traces.</source>
        <translation>Ainda sem dados: abra um banco de dados ou importe traces.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Interruptions by cause</source>
        <translation>Interrupções por causa</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Cause</source>
        <translation>Causa</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Interruptions</source>
        <translation>Interrupções</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Share</source>
        <translation>Parcela</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Failures</source>
        <translation>Falhas</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Preempt.</source>
        <translation>Preemp.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Other</source>
        <translation>Outras</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Lost GPU-h</source>
        <translation>GPU-h perdidas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mean TTR</source>
        <translation>TTR médio</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Explicit</source>
        <translation>Explícito</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Hang</source>
        <translation>Travamento</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Degrad.</source>
        <translation>Degrad.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Numeric</source>
        <translation>Numérico</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No symptom</source>
        <translation>Sem sintoma</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(Lost progress + Time to Recover where defined) x the attempt&apos;s GPUs</source>
        <translation>(Progresso perdido + Tempo para Recuperar onde definido) x as GPUs da tentativa</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Mean Time to Recover, over the interruptions after which the job trained again</source>
        <translation>Tempo para Recuperar médio, nas interrupções após as quais o job voltou a treinar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Counted in Number of Failures (spec 5.4)</source>
        <translation>Contadas no Número de Falhas (espec. 5.4)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Interruptions with this symptom: how the cause showed</source>
        <translation>Interrupções com este sintoma: como a causa se manifestou</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Matches (imported values)</source>
        <translation>Corresponde a (valores importados)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sets cause</source>
        <translation>Define causa</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Moved here</source>
        <translation>Movidas aqui</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>In database</source>
        <translation>No banco de dados</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Add...</source>
        <translation>Adicionar...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit...</source>
        <translation>Editar...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove</source>
        <translation>Remover</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Up</source>
        <translation>Subir</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Down</source>
        <translation>Descer</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add a rule at the end and save the set (Edit &gt; Undo restores the one before)</source>
        <translation>Adicionar uma regra no fim e salvar o conjunto (Editar &gt; Desfazer restaura o anterior)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Try this rule earlier: the first rule that matches sets the cause</source>
        <translation>Aplicar esta regra antes: a primeira regra que corresponder define a causa</translation>
    </message>
    <message>
        <location line="+77"/>
        <source>%1 (%2) · %3 lost · %4</source>
        <translation>%1 (%2) · %3 perdidas · %4</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (%2) · %3 lost, excluded windows counted in full · %4</source>
        <translation>%1 (%2) · %3 perdidas, janelas excluídas contadas por inteiro · %4</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no interruptions in the filter</source>
        <translation>nenhuma interrupção no filtro</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%Ln re-classified by the rules below</source>
        <translation>
            <numerusform>%Ln reclassificada pelas regras abaixo</numerusform>
            <numerusform>%Ln reclassificadas pelas regras abaixo</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No interruptions (failed or preempted attempts) in the filter.</source>
        <translation>Nenhuma interrupção (tentativas com falha ou preempção) no filtro.</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>&lt;b&gt;Cause rules&lt;/b&gt;: a fleet store keeps none; causes are as pushed (after the rules in force in each database pushed). Open the database to re-classify them.</source>
        <translation>&lt;b&gt;Regras de causa&lt;/b&gt;: um repositório da frota não guarda nenhuma; as causas ficam como enviadas (após as regras em vigor em cada banco de dados enviado). Abra o banco de dados para reclassificá-las.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;b&gt;Cause rules&lt;/b&gt;: none in force, causes are as imported. Add a rule to re-classify interruptions (an NCCL timeout logged as unknown, say): every view follows, no re-import.</source>
        <translation>&lt;b&gt;Regras de causa&lt;/b&gt;: nenhuma em vigor, as causas ficam como importadas. Adicione uma regra para reclassificar interrupções (um timeout de NCCL registrado como unknown, por exemplo): todas as visões acompanham, sem reimportar.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Cause rules&lt;/b&gt; in force (saved %1; the first that matches sets the cause; Edit &gt; Undo restores the set before)</source>
        <translation>&lt;b&gt;Regras de causa&lt;/b&gt; em vigor (salvas em %1; a primeira que corresponder define a causa; Editar &gt; Desfazer restaura o conjunto anterior)</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>Saving the cause rules and deriving the figures again...</source>
        <translation>Salvando as regras de causa e recalculando os números...</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Restoring the cause rules saved before...</source>
        <translation>Restaurando as regras de causa salvas antes...</translation>
    </message>
</context>
<context>
    <name>CohortControls</name>
    <message>
        <location filename="../app/ui/widgets/cohort_controls.cpp" line="+93"/>
        <source>Pick an attribute, then one of its values to keep only matching jobs</source>
        <translation>Escolha um atributo e depois um de seus valores para manter só os jobs correspondentes</translation>
    </message>
    <message>
        <location line="+123"/>
        <source>The end must be after the start</source>
        <translation>O fim deve ser posterior ao início</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+195"/>
        <source>To (exclusive, UTC)</source>
        <translation>Até (exclusivo, UTC)</translation>
    </message>
    <message>
        <location line="-153"/>
        <source>(no datasets)</source>
        <translation>(nenhum conjunto de dados)</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>(no attributes)</source>
        <translation>(nenhum atributo)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Clear attribute terms</source>
        <translation>Limpar termos de atributo</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>attribute…</source>
        <translation>atributo…</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>value…</source>
        <translation>valor…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 = …</source>
        <translation>%1 = …</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Datasets: %1</source>
        <translation>Dados: %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+3"/>
        <source>all</source>
        <translation>todos</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 labels</source>
        <translation>%1 rótulos</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Attributes: any</source>
        <translation>Atributos: todos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attributes: %1</source>
        <translation>Atributos: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attributes: %1 terms</source>
        <translation>Atributos: %1 termos</translation>
    </message>
</context>
<context>
    <name>CohortEditor</name>
    <message>
        <location filename="../app/ui/widgets/cohort_editor.cpp" line="+93"/>
        <source>Cohort %1</source>
        <translation>Coorte %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Dataset labels of cohort %1 (none checked: all)</source>
        <translation>Rótulos de conjunto de dados da coorte %1 (nenhum marcado: todos)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attribute values of cohort %1: a job must have one of the checked values of every attribute with a check</source>
        <translation>Valores de atributo da coorte %1: um job deve ter um dos valores marcados de cada atributo marcado</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Uncheck to clip cohort %1 to a time range (UTC)</source>
        <translation>Desmarque para limitar a coorte %1 a um período (UTC)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>all jobs</source>
        <translation>todos os jobs</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cohort %1 as a spec (as `ettw compare --%2` takes it), e.g.
label=before, team=vision|ads, from=2025-06-01, to=2025-06-08, gpus&gt;=64
Press Enter to apply.</source>
        <translation>Coorte %1 como especificação (como `ettw compare --%2` a recebe), ex.:
label=before, team=vision|ads, from=2025-06-01, to=2025-06-08, gpus&gt;=64
Pressione Enter para aplicar.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Use filter</source>
        <translation>Usar filtro</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Make cohort %1 the window&apos;s filter (as the overview and drill-down show it)</source>
        <translation>Tornar a coorte %1 o filtro da janela (como a visão geral e o detalhamento a mostram)</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>No dataset label &apos;%1&apos; (labels: %2)</source>
        <translation>Rótulo de conjunto de dados &apos;%1&apos; inexistente (rótulos: %2)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No job has the attribute &apos;%1&apos; (attributes: %2)</source>
        <translation>Nenhum job tem o atributo &apos;%1&apos; (atributos: %2)</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Cohort %1: %2
Edit and press Enter to apply (as `ettw compare --%3` takes it).</source>
        <translation>Coorte %1: %2
Edite e pressione Enter para aplicar (como `ettw compare --%3` a recebe).</translation>
    </message>
</context>
<context>
    <name>CompareCards</name>
    <message>
        <location filename="../app/ui/widgets/compare_cards.cpp" line="+70"/>
        <source>Matched jobs (by %1)</source>
        <translation>Jobs pareados (por %1)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>jobs in both cohorts</source>
        <translation>jobs nas duas coortes</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>pairs · not paired: %1 of A, %2 of B</source>
        <translation>pares · sem par: %1 de A, %2 de B</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 · ETT% (%2)</source>
        <translation>%1 · ETT% (%2)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>cohort %1</source>
        <translation>coorte %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 · %2 GPU-days · %3</source>
        <translation>%1 · %2 dias de GPU · %3</translation>
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
        <location line="+8"/>
        <source>Change B − A (%1)</source>
        <translation>Variação B − A (%1)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>with its %1% interval</source>
        <translation>com seu intervalo de %1%</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>no interval or verdict: too few jobs (A %1, B %2; at least %3 each)</source>
        <translation>sem intervalo nem veredito: poucos jobs (A %1, B %2; no mínimo %3 cada)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>B is better: the interval is above 0</source>
        <translation>B é melhor: o intervalo está acima de 0</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>B is worse: the interval is below 0</source>
        <translation>B é pior: o intervalo está abaixo de 0</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no clear change: the interval spans 0</source>
        <translation>sem mudança clara: o intervalo inclui o 0</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1% interval %2 to %3 · %4</source>
        <translation>intervalo de %1% de %2 a %3 · %4</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no interval: a cohort has no E2E</source>
        <translation>sem intervalo: uma coorte não tem E2E</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Percentile bootstrap over jobs (each cohort resampled), %1 replicates, seed %2</source>
        <translation>Bootstrap percentil por jobs (cada coorte reamostrada), %1 réplicas, semente %2</translation>
    </message>
</context>
<context>
    <name>ComparePage</name>
    <message>
        <location filename="../app/ui/pages/compare_page.cpp" line="+118"/>
        <location line="+124"/>
        <location line="+32"/>
        <location line="+28"/>
        <source>Compare</source>
        <translation>Comparar</translation>
    </message>
    <message>
        <location line="-172"/>
        <source>Matched jobs</source>
        <translation>Jobs pareados</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Table of changes</source>
        <translation>Tabela de variações</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Compare cohorts</source>
        <translation>Comparar coortes</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>⇅ Swap A/B</source>
        <translation>⇅ Trocar A/B</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Exchange the cohorts: B becomes the baseline</source>
        <translation>Trocar as coortes: B passa a ser a referência</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Match jobs by</source>
        <translation>Parear por</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>What pairs a job of A with a job of B: its key, its name, or an attribute&apos;s value</source>
        <translation>O que pareia um job de A com um job de B: sua chave, seu nome ou o valor de um atributo</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Count queue</source>
        <translation>Contar fila</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Start job windows at submission in both cohorts: time before the first attempt is queue (spec 5.6)</source>
        <translation>Iniciar as janelas dos jobs na submissão nas duas coortes: o tempo antes da primeira tentativa é fila (espec. 5.6)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>GPU-weighted</source>
        <translation>Por GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weigh every job by its GPUs (the whole window follows)</source>
        <translation>Pondera cada job por suas GPUs (toda a janela acompanha)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Time-weighted</source>
        <translation>Por tempo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weigh every job alike (the whole window follows)</source>
        <translation>Pondera todos os jobs igualmente (toda a janela acompanha)</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Distributions: nearest-rank percentiles of A and B, and the change (click a row to chart it)</source>
        <translation>Distribuições: percentis de posto mais próximo de A e B, e a variação (clique em uma linha para ver o gráfico)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Compare: distributions of A and B (nearest-rank percentiles)</source>
        <translation>Comparar: distribuições de A e B (percentis de posto mais próximo)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>From A&apos;s mean Time to Recover to B&apos;s, one step per part: detect (fault to the attempt&apos;s end), restart (to the next attempt&apos;s start), start-up (to training again). Means, not medians, because they add up exactly.</source>
        <translation>Do Tempo para Recuperar médio de A ao de B, uma etapa por parte: detecção (da falha ao fim da tentativa), reinício (até o início da próxima tentativa), retomada (até voltar a treinar). Médias, não medianas, porque elas somam exatamente.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Compare: interruptions per 1,000 GPU-days of E2E by cause class</source>
        <translation>Comparar: interrupções por 1.000 dias de GPU de E2E por classe de causa</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Compare: matched jobs by %1, regressions then improvements of ETT% (GPU-weighted), the most GPU-hours changed first</source>
        <translation>Comparar: jobs pareados por %1, regressões e depois melhorias de ETT% (ponderado por GPU), maior variação em horas de GPU primeiro</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>A: %1 · B: %2 · %3</source>
        <translation>A: %1 · B: %2 · %3</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>auto (name or key)</source>
        <translation>auto (nome/chave)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>job key</source>
        <translation>chave do job</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>job name</source>
        <translation>nome do job</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>attribute %1</source>
        <translation>atributo %1</translation>
    </message>
    <message>
        <location line="+126"/>
        <source>starting</source>
        <translation>iniciando</translation>
    </message>
    <message numerus="yes">
        <location line="+110"/>
        <location line="+1"/>
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln job</numerusform>
            <numerusform>%Ln jobs</numerusform>
        </translation>
    </message>
    <message>
        <location line="+91"/>
        <source>%1 (by %2) · not paired: %3 of A, %4 of B · regressions first; select one to see it in A and B.</source>
        <translation>%1 (por %2) · sem par: %3 de A, %4 de B · regressões primeiro; selecione uma para vê-la em A e B.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Regressions, then improvements of ETT% (GPU-weighted), the most GPU-hours changed first.</source>
        <translation>Regressões, depois melhorias do ETT% (ponderado por GPU), primeiro as que mais mudaram em GPU-horas.</translation>
    </message>
    <message>
        <location line="-152"/>
        <source>No job is in both cohorts (matched by %1).</source>
        <translation>Nenhum job está nas duas coortes (pareados por %1).</translation>
    </message>
    <message>
        <location line="-269"/>
        <source>Interruptions per 1,000 GPU-days, A → B</source>
        <translation>Interrupções por 1.000 dias de GPU, A → B</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failures and preemptions of each cause class per 1,000 GPU-days of end-to-end time of the cohort&apos;s jobs, A → B</source>
        <translation>Falhas e preempções de cada classe de causa por 1.000 dias de GPU do tempo de ponta a ponta dos jobs do coorte, A → B</translation>
    </message>
    <message>
        <location line="+266"/>
        <source>None of the %1 changed its ETT% (matched by %2).</source>
        <translation>Nenhum dos %1 mudou seu ETT% (pareados por %2).</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <location line="+150"/>
        <source>%Ln pair(s)</source>
        <translation>
            <numerusform>%Ln par</numerusform>
            <numerusform>%Ln pares</numerusform>
        </translation>
    </message>
    <message>
        <location line="-98"/>
        <source>Computing the comparison: %1…</source>
        <translation>Calculando a comparação: %1…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A: %1 · B: %2 · bootstrap over jobs, %3 replicates, seed %4</source>
        <translation>A: %1 · B: %2 · bootstrap, %3 réplicas, semente %4</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Open a database with jobs to compare (File &gt; Open).</source>
        <translation>Abra um banco de dados com jobs para comparar (Arquivo &gt; Abrir).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The comparison failed: %1</source>
        <translation>A comparação falhou: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cohort A (%1) matches no jobs.</source>
        <translation>A coorte A (%1) não corresponde a nenhum job.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cohort B (%1) matches no jobs.</source>
        <translation>A coorte B (%1) não corresponde a nenhum job.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Bridge from ETT% of A to B by bucket (%1): no data</source>
        <translation>Ponte do ETT% de A para B por categoria (%1): sem dados</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>cohort %1: %2</source>
        <translation>coorte %1: %2</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Matched jobs: none yet</source>
        <translation>Jobs pareados: nenhum ainda</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>⚠ %1 of the %2 listed differ in name or GPU count and may be two different jobs.</source>
        <translation>⚠ %1 dos %2 listados diferem em nome ou número de GPUs e podem ser dois jobs diferentes.</translation>
    </message>
</context>
<context>
    <name>DataService</name>
    <message>
        <location filename="../app/ui/data/data_service.cpp" line="+182"/>
        <source>there is no removed file to import again</source>
        <translation>não há arquivo removido para importar de novo</translation>
    </message>
</context>
<context>
    <name>DateFormat</name>
    <message>
        <location filename="../app/ui/charts/overview_charts.cpp" line="+304"/>
        <source>&apos;wk&apos; MMM d yyyy</source>
        <translation>&apos;sem.&apos; d MMM yyyy</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&apos;wk&apos; MMM d</source>
        <translation>&apos;sem.&apos; d MMM</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MMM d yyyy</source>
        <translation>d MMM yyyy</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../app/ui/timeline/time_axis.cpp" line="+153"/>
        <source>MMM d</source>
        <translation>d MMM</translation>
    </message>
    <message>
        <location filename="../app/ui/pages/overview_page.cpp" line="+431"/>
        <location line="+2"/>
        <source>yyyy-MM-dd HH:mm</source>
        <translation>dd/MM/yyyy HH:mm</translation>
    </message>
    <message>
        <location line="+214"/>
        <location filename="../app/ui/timeline/time_axis.cpp" line="+17"/>
        <source>yyyy-MM-dd</source>
        <translation>dd/MM/yyyy</translation>
    </message>
    <message>
        <location filename="../app/ui/timeline/time_axis.cpp" line="-9"/>
        <source>MMM</source>
        <translation>MMM</translation>
    </message>
</context>
<context>
    <name>DetailsPanel</name>
    <message>
        <location filename="../app/ui/widgets/details_panel.cpp" line="+366"/>
        <source>The whole job or one of its attempts</source>
        <translation>O job inteiro ou uma de suas tentativas</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Bucket</source>
        <translation>Categoria</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Time</source>
        <translation>Tempo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>GPU-h</source>
        <translation>GPU-h</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>% of E2E</source>
        <translation>% do E2E</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time s</source>
        <translation>Tempo s</translation>
    </message>
    <message>
        <location line="+36"/>
        <location line="+3"/>
        <source>Phases</source>
        <translation>Fases</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Init stage</source>
        <translation>Etapa de inicialização</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Max over ranks</source>
        <translation>Máx. entre ranks</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Ranks</source>
        <translation>Ranks</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Total s</source>
        <translation>Total s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Max over ranks s</source>
        <translation>Máx. entre ranks s</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Init stages</source>
        <translation>Etapas de inicialização</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Restarts</source>
        <translation>Reinícios</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>buckets</source>
        <translation>categorias</translation>
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
        <translation>reinícios</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Details</source>
        <translation>Detalhes</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Details: %1 of %2</source>
        <translation>Detalhes: %1 de %2</translation>
    </message>
    <message>
        <location line="+91"/>
        <source>Open a job (double-click it in the drill-down or the overview&apos;s top jobs) to see its attempts, phases and init stages here.</source>
        <translation>Abra um job (clique duas vezes nele no detalhamento ou nos principais jobs da visão geral) para ver aqui suas tentativas, fases e etapas de inicialização.</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+13"/>
        <source>Loading the job…</source>
        <translation>Carregando o job…</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>The job could not be loaded: %1</source>
        <translation>Não foi possível carregar o job: %1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>dataset %1</source>
        <translation>conjunto de dados %1</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%Ln GPU(s)</source>
        <translation>
            <numerusform>%Ln GPU</numerusform>
            <numerusform>%Ln GPUs</numerusform>
        </translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Whole job (1 attempt)</source>
        <translation>Job inteiro (1 tentativa)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Whole job (%1 attempts)</source>
        <translation>Job inteiro (%1 tentativas)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>attempt %1 · %2</source>
        <translation>tentativa %1 · %2</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>This job has no attempt %1.</source>
        <translation>Este job não tem a tentativa %1.</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Phases (%1)</source>
        <translation>Fases (%1)</translation>
    </message>
    <message>
        <location line="+49"/>
        <location line="+74"/>
        <source>Window (UTC):</source>
        <translation>Janela (UTC):</translation>
    </message>
    <message>
        <location line="-73"/>
        <location line="+75"/>
        <source>%1 to %2</source>
        <translation>%1 a %2</translation>
    </message>
    <message>
        <location line="-74"/>
        <source>Duration:</source>
        <translation>Duração:</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+79"/>
        <source>GPUs:</source>
        <translation>GPUs:</translation>
    </message>
    <message>
        <location line="-74"/>
        <source>Outcome:</source>
        <translation>Resultado:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(no cause)</source>
        <translation>(sem causa)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, symptom %1</source>
        <translation>, sintoma %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cause:</source>
        <translation>Causa:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Detail:</source>
        <translation>Detalhe:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Fault at:</source>
        <translation>Falha em:</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+63"/>
        <source>ETT%:</source>
        <translation>ETT%:</translation>
    </message>
    <message>
        <location line="-60"/>
        <source>productive / (attempt window + gap after it)</source>
        <translation>produtivo / (janela da tentativa + lacuna depois dela)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+62"/>
        <source>Time to Start:</source>
        <translation>Tempo para Iniciar:</translation>
    </message>
    <message>
        <location line="-60"/>
        <location line="+64"/>
        <source>Time to Recover:</source>
        <translation>Tempo para Recuperar:</translation>
    </message>
    <message>
        <location line="-64"/>
        <source>never trained again</source>
        <translation>nunca voltou a treinar</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>  detect:</source>
        <translation>  detecção:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>From the fault to the attempt&apos;s end (a hang&apos;s undetected time included)</source>
        <translation>Da falha ao fim da tentativa (incluindo o tempo não detectado de um travamento)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>  restart:</source>
        <translation>  reinício:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>From the attempt&apos;s end to the next attempt&apos;s start</source>
        <translation>Do fim da tentativa ao início da próxima tentativa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>  start-up:</source>
        <translation>  retomada:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>From the next attempt&apos;s start to training again, through as many attempts as it takes</source>
        <translation>Do início da próxima tentativa até voltar a treinar, passando por quantas tentativas forem necessárias</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Gap after:</source>
        <translation>Lacuna depois:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recovery until the next attempt starts; counted with this attempt, as in the drill-down</source>
        <translation>Recuperação até a próxima tentativa começar; contada com esta tentativa, como no detalhamento</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>E2E:</source>
        <translation>E2E:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Submitted:</source>
        <translation>Submetido:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>queued %1 before the first attempt</source>
        <translation>ficou %1 na fila antes da primeira tentativa</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Attempts:</source>
        <translation>Tentativas:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Interruptions:</source>
        <translation>Interrupções:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>productive / E2E (queue not counted)</source>
        <translation>produtivo / E2E (fila não contada)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>of the first attempt</source>
        <translation>da primeira tentativa</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>p50 %1, max %2</source>
        <translation>p50 %1, máx. %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+2"/>
        <source>Checkpoints:</source>
        <translation>Pontos de verificação:</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>&lt;span style=&apos;color:#d55e00&apos;&gt;no checkpoint data: lost progress unknown&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#d55e00&apos;&gt;sem dados de pontos de verificação: progresso perdido desconhecido&lt;/span&gt;</translation>
    </message>
    <message>
        <location line="+99"/>
        <source>(none)</source>
        <translation>(nenhum)</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+2"/>
        <source>all</source>
        <translation>todos</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Init stages (%1)</source>
        <translation>Etapas de inicialização (%1)</translation>
    </message>
</context>
<context>
    <name>Distribution</name>
    <message>
        <location filename="../app/ui/charts/compare_charts.cpp" line="+364"/>
        <source>time to start</source>
        <translation>tempo para iniciar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>time to recover</source>
        <translation>tempo para recuperar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>time to recover: detect</source>
        <translation>tempo para recuperar: detecção</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>time to recover: restart</source>
        <translation>tempo para recuperar: reinício</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>time to recover: start-up</source>
        <translation>tempo para recuperar: partida</translation>
    </message>
</context>
<context>
    <name>DistributionChangesModel</name>
    <message numerus="yes">
        <location filename="../app/ui/models/compare_models.cpp" line="-92"/>
        <source>%Ln sample(s) in A, %1 in B</source>
        <translation>
            <numerusform>%Ln amostra em A, %1 em B</numerusform>
            <numerusform>%Ln amostras em A, %1 em B</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DistributionPanel</name>
    <message>
        <location filename="../app/ui/charts/distribution_panel.cpp" line="+40"/>
        <source>Distribution</source>
        <translation>Distribuição</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Which durations to overlay: time to start, time to recover, or a phase category or subcategory</source>
        <translation>Quais durações sobrepor: tempo para iniciar, tempo para recuperar, ou uma categoria ou subcategoria de fase</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>CDF</source>
        <translation>CDF</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cumulative share of each cohort at or below a duration</source>
        <translation>Parcela acumulada de cada coorte até uma dada duração</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Histogram</source>
        <translation>Histograma</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Share of each cohort per bin (common bins for A and B)</source>
        <translation>Parcela de cada coorte por faixa (faixas comuns para A e B)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Log scale</source>
        <translation>Escala log</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A logarithmic duration axis (long tails)</source>
        <translation>Um eixo de duração logarítmico (caudas longas)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Compare</source>
        <translation>Comparar</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>%1  (%2 / %3)</source>
        <translation>%1  (%2 / %3)</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Distributions of A and B: no data</source>
        <translation>Distribuições de A e B: sem dados</translation>
    </message>
</context>
<context>
    <name>DrillDownPage</name>
    <message>
        <location filename="../app/ui/pages/drilldown_page.cpp" line="+102"/>
        <source>Back</source>
        <translation>Voltar</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Forward</source>
        <translation>Avançar</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Computing…</source>
        <translation>Calculando…</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Drill-down</source>
        <translation>Detalhamento</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Drill-down: %1</source>
        <translation>Detalhamento: %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Clear the filter</source>
        <translation>Limpar o filtro</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>List the intervals behind this cell</source>
        <translation>Listar os intervalos por trás desta célula</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The segments of the current cell&apos;s bucket in its row (double-click a bucket cell)</source>
        <translation>Os segmentos da categoria da célula atual em sua linha (clique duas vezes em uma célula de categoria)</translation>
    </message>
    <message>
        <location line="+86"/>
        <source>No jobs match the current filter.</source>
        <translation>Nenhum job corresponde ao filtro atual.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>There are no jobs here.</source>
        <translation>Não há jobs aqui.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No attempt of this job lies in the current filter (time range, count queue…).</source>
        <translation>Nenhuma tentativa deste job está no filtro atual (período, contar fila…).</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This attempt lies outside the current filter.</source>
        <translation>Esta tentativa está fora do filtro atual.</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>attempt %1</source>
        <translation>tentativa %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>job %1</source>
        <translation>job %1</translation>
    </message>
    <message>
        <location line="+108"/>
        <source>You are here: %1</source>
        <translation>Você está aqui: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Go up to %1</source>
        <translation>Subir para %1</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>groups</source>
        <translation>grupos</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>attempts</source>
        <translation>tentativas</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>jobs</source>
        <translation>jobs</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>double-click a row to open it</source>
        <translation>clique duas vezes em uma linha para abri-la</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Computing the table…</source>
        <translation>Calculando a tabela…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No data yet: open a database or import traces.</source>
        <translation>Ainda sem dados: abra um banco de dados ou importe traces.</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>The table could not be computed: %1</source>
        <translation>Não foi possível calcular a tabela: %1</translation>
    </message>
</context>
<context>
    <name>ErrorDialog</name>
    <message>
        <location filename="../app/ui/dialogs/dialogs.cpp" line="+611"/>
        <source>&amp;Copy</source>
        <translation>&amp;Copiar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the message and the details to the clipboard</source>
        <translation>Copiar a mensagem e os detalhes para a área de transferência</translation>
    </message>
</context>
<context>
    <name>ExcludedWindowsDialog</name>
    <message>
        <location filename="../app/ui/dialogs/excluded_windows_dialog.cpp" line="+19"/>
        <location line="+68"/>
        <source>Excluded windows</source>
        <translation>Janelas excluídas</translation>
    </message>
    <message>
        <location line="-66"/>
        <source>Time no job could use (planned maintenance, an outage) leaves end-to-end time and every bucket, and is shown beside the figures; interruptions, Time to Start and Time to Recover are unchanged. A window a line, START/END in UTC: an RFC 3339 time, a date or epoch seconds. Saved with the database.</source>
        <translation>O tempo que nenhum job podia usar (manutenção planejada, uma queda) sai do tempo de ponta a ponta e de todas as categorias, e é mostrado ao lado dos números; interrupções, Tempo para Iniciar e Tempo para Recuperar não mudam. Uma janela por linha, INÍCIO/FIM em UTC: um horário RFC 3339, uma data ou segundos desde a época. Salvas com o banco de dados.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Read a file…</source>
        <translation>Ler um arquivo…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A JSON list of {&quot;start&quot;, &quot;end&quot;} or a CSV with the header start,end: its windows replace the text</source>
        <translation>Uma lista JSON de {&quot;start&quot;, &quot;end&quot;} ou um CSV com o cabeçalho start,end: suas janelas substituem o texto</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The file was not read: %1</source>
        <translation>O arquivo não foi lido: %1</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Excluded windows (*.json *.csv);;All files (*)</source>
        <translation>Janelas excluídas (*.json *.csv);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>No window: every instant counts.</source>
        <translation>Nenhuma janela: todo instante conta.</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%Ln window(s), %1 h of wall time</source>
        <translation>
            <numerusform>%Ln janela, %1 h de tempo de relógio</numerusform>
            <numerusform>%Ln janelas, %1 h de tempo de relógio</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Figures</name>
    <message>
        <location filename="../app/ui/format/figures_format.cpp" line="+102"/>
        <source>GPU-weighted</source>
        <translation>ponderado por GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>time-weighted</source>
        <translation>ponderado por tempo</translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
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
    <message numerus="yes">
        <location line="+3"/>
        <source>%Ln other</source>
        <comment>interruptions: &quot;1 outra&quot;, &quot;2 outras&quot;</comment>
        <translation>
            <numerusform>%Ln outra</numerusform>
            <numerusform>%Ln outras</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>label</source>
        <translation>rótulo</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>job</source>
        <translation>job</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
</context>
<context>
    <name>FiguresTableModel</name>
    <message>
        <location filename="../app/ui/models/figures_table_model.cpp" line="+33"/>
        <source>Time to Recover, %1 (spec 7.1)
over %2 interruptions that trained again
p50 %3 (%4)
p90 %5</source>
        <translation>Tempo para Recuperar, %1 (espec. 7.1)
em %2 interrupções que voltaram a treinar
p50 %3 (%4)
p90 %5</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>attempt %1</source>
        <translation>tentativa %1</translation>
    </message>
    <message numerus="yes">
        <location line="+283"/>
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
    <message>
        <location line="+2"/>
        <source>E2E: %1
wall time: %2 h (%3)</source>
        <translation>E2E: %1
tempo de relógio: %2 h (%3)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>ETT% GPU-weighted: %1
ETT% time-weighted: %2
productive: %3</source>
        <translation>ETT% ponderado por GPU: %1
ETT% ponderado por tempo: %2
produtivo: %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lost (everything but productive): %1
%2 of E2E</source>
        <translation>Perdido (tudo menos o produtivo): %1
%2 do E2E</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>failures %1, preemptions %2, other interruptions %3</source>
        <translation>falhas %1, preempções %2, outras interrupções %3</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>Time to Start over %Ln sample(s)
p50 %1 (%2)
p90 %3</source>
        <translation>
            <numerusform>Tempo para Iniciar em %Ln amostra
p50 %1 (%2)
p90 %3</numerusform>
            <numerusform>Tempo para Iniciar em %Ln amostras
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
            <numerusform>Tempo para Recuperar em %Ln interrupção que voltou a treinar
p50 %1 (%2)
p90 %3</numerusform>
            <numerusform>Tempo para Recuperar em %Ln interrupções que voltaram a treinar
p50 %1 (%2)
p90 %3</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>detect: from the fault until the attempt&apos;s resources are released</source>
        <translation>detecção: da falha até os recursos da tentativa serem liberados</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>restart: from the end of the attempt to the start of the next</source>
        <translation>reinício: do fim da tentativa ao início da próxima</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>start-up: from the next attempt&apos;s start to training again</source>
        <translation>retomada: do início da próxima tentativa até voltar a treinar</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2
%3 of E2E (%4)</source>
        <translation>%1: %2
%3 do E2E (%4)</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Attempt</source>
        <translation>Tentativa</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Outcome</source>
        <translation>Resultado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Detail</source>
        <translation>Detalhe</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Jobs</source>
        <translation>Jobs</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Attempts</source>
        <translation>Tentativas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPU-h
(E2E)</source>
        <translation>GPU-h
(E2E)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Hours
(E2E)</source>
        <translation>Horas
(E2E)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ETT%
(%1)</source>
        <translation>ETT%
(%1)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Lost
GPU-h</source>
        <translation>GPU-h
perdidas</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Lost
hours</source>
        <translation>Horas
perdidas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Failures</source>
        <translation>Falhas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Preemp-
tions</source>
        <translation>Preemp-
ções</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Other
interrupts</source>
        <translation>Outras
interrup.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTS
p50</source>
        <translation>TTS
p50</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTR
p50</source>
        <translation>TTR
p50</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Detect
p50</source>
        <translation>Detecção
p50</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Restart
p50</source>
        <translation>Reinício
p50</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start-up
p50</source>
        <translation>Retomada
p50</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1
%2 (% E2E)</source>
        <translation>%1
%2 (% do E2E)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>End-to-end window (%1)</source>
        <translation>Janela de ponta a ponta (%1)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Effective Training Time: productive / E2E, %1 (spec 5.5)</source>
        <translation>Tempo Efetivo de Treinamento: produtivo / E2E, %1 (espec. 5.5)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>E2E minus productive (%1)</source>
        <translation>E2E menos produtivo (%1)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Failures: failed with cause class infra, dependency, unknown or none (spec 5.4)</source>
        <translation>Falhas: com falha e classe de causa infra, dependency, unknown ou nenhuma (espec. 5.4)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Preemptions: outcome preempted or cause class preemption</source>
        <translation>Preempções: resultado preempted ou classe de causa preemption</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Other interruptions: failed with cause class maintenance, user or manual</source>
        <translation>Outras interrupções: com falha e classe de causa maintenance, user ou manual</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time to Start, median (nearest rank)</source>
        <translation>Tempo para Iniciar, mediana (posto mais próximo)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time to Recover, median (nearest rank)</source>
        <translation>Tempo para Recuperar, mediana (posto mais próximo)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time to Recover&apos;s detect part (fault to the attempt&apos;s end), median (spec 7.1)</source>
        <translation>Parte de detecção do Tempo para Recuperar (da falha ao fim da tentativa), mediana (espec. 7.1)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time to Recover&apos;s restart part (the attempt&apos;s end to the next start), median (spec 7.1)</source>
        <translation>Parte de reinício do Tempo para Recuperar (do fim da tentativa ao próximo início), mediana (espec. 7.1)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time to Recover&apos;s start-up part (the next start to training again), median (spec 7.1)</source>
        <translation>Parte de retomada do Tempo para Recuperar (do próximo início até voltar a treinar), mediana (espec. 7.1)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Time in bucket &quot;%1&quot; and its share of E2E (%2)</source>
        <translation>Tempo na categoria &quot;%1&quot; e sua parcela do E2E (%2)</translation>
    </message>
</context>
<context>
    <name>FilterBar</name>
    <message>
        <location filename="../app/ui/widgets/filter_bar.cpp" line="+64"/>
        <source>Dataset labels to include (none checked: all)</source>
        <translation>Rótulos de conjunto de dados a incluir (nenhum marcado: todos)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Uncheck to clip every figure to a time range (UTC, spec 5.5)</source>
        <translation>Desmarque para limitar todos os números a um período (UTC, espec. 5.5)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Datasets</source>
        <translation>Conjuntos de dados</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Time</source>
        <translation>Tempo</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Count queue</source>
        <translation>Contar fila</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start job windows at submission: time before the first attempt is queue (spec 5.6)</source>
        <translation>Iniciar as janelas dos jobs na submissão: o tempo antes da primeira tentativa é fila (espec. 5.6)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Count the excluded windows again</source>
        <translation>Voltar a contar as janelas excluídas</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Attributes</source>
        <translation>Atributos</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no attribute filter: all jobs</source>
        <translation>sem filtro: todos os jobs</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Group by</source>
        <translation>Agrupar por</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rows of the drill-down table at the fleet level</source>
        <translation>Linhas da tabela de detalhamento no nível da frota</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>GPU-weighted</source>
        <translation>Por GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weigh every job by its GPUs: sum(GPUs x productive) / sum(GPUs x E2E)</source>
        <translation>Pondera cada job por suas GPUs: soma(GPUs x produtivo) / soma(GPUs x E2E)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Time-weighted</source>
        <translation>Por tempo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weigh every job alike: sum(productive) / sum(E2E)</source>
        <translation>Pondera todos os jobs igualmente: soma(produtivo) / soma(E2E)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Clear</source>
        <translation>Limpar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove every filter (weighting and group-by stay)</source>
        <translation>Remover todos os filtros (ponderação e agrupamento permanecem)</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>none (jobs)</source>
        <translation>nenhum (jobs)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dataset label</source>
        <translation>rótulo do conjunto de dados</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>job</source>
        <translation>job</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Remove the filter %1 = %2</source>
        <translation>Remover o filtro %1 = %2</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Leave time no job could use (maintenance, an outage) out of every figure: UTC windows typed or read from a JSON or CSV file (spec 7.4), saved with the database</source>
        <translation>Deixar fora de todos os números o tempo que nenhum job podia usar (manutenção, uma queda): janelas UTC digitadas ou lidas de um arquivo JSON ou CSV (espec. 7.4), salvas com o banco de dados</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Left out of end-to-end time and every bucket (%1 h of wall time); interruptions, Time to Start and Time to Recover are unchanged:
%2
Click to edit them.</source>
        <translation>Fora do tempo de ponta a ponta e de todas as categorias (%1 h de tempo de relógio); interrupções, Tempo para Iniciar e Tempo para Recuperar não mudam:
%2
Clique para editá-las.</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>Exclude…</source>
        <translation>Excluir…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 to %2</source>
        <translation>%1 a %2</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Excluding %n window(s)</source>
        <translation>
            <numerusform>Excluindo %n janela</numerusform>
            <numerusform>Excluindo %n janelas</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Gantt</name>
    <message>
        <location filename="../app/ui/timeline/gantt_fleet_scenes.cpp" line="+40"/>
        <source>job %1 (%2), %3 GPUs
double-click to open</source>
        <translation>job %1 (%2), %3 GPUs
clique duas vezes para abrir</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>job %1 attempt %2: %3 at %4</source>
        <translation>job %1 tentativa %2: %3 em %4</translation>
    </message>
    <message>
        <location line="+10"/>
        <location filename="../app/ui/timeline/gantt_job_scenes.cpp" line="+180"/>
        <location line="+195"/>
        <source>fault</source>
        <translation>falha</translation>
    </message>
    <message>
        <location line="+94"/>
        <source>%1 to %2</source>
        <translation>%1 a %2</translation>
    </message>
    <message>
        <location line="+4"/>
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
        <location line="+14"/>
        <source>job %1 (%2 of %3 by start)</source>
        <translation>job %1 (%2 de %3 pelo início)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 jobs from %2 (%3 to %4 of %5 by start)</source>
        <translation>%1 jobs a partir de %2 (%3 a %4 de %5 pelo início)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>nothing</source>
        <translation>nada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mostly %1</source>
        <translation>principalmente %1</translation>
    </message>
    <message>
        <location line="+3"/>
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
        <location filename="../app/ui/timeline/gantt_job_scenes.cpp" line="-341"/>
        <source>job %1 (%2)
%3
%4 GPUs</source>
        <translation>job %1 (%2)
%3
%4 GPUs</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>
no checkpoint data: lost progress unknown</source>
        <translation>
sem dados de ponto de verificação: progresso perdido desconhecido</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>, %1 GPUs
</source>
        <translation>, %1 GPUs
</translation>
    </message>
    <message>
        <location line="+65"/>
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
        <location filename="../app/ui/timeline/gantt_scene_text.h" line="+85"/>
        <source>checkpoint</source>
        <translation>ponto de verificação</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>checkpoint not durable</source>
        <translation>ponto de verificação não durável</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>time to start</source>
        <translation>tempo para iniciar</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>time to recover</source>
        <translation>tempo para recuperar</translation>
    </message>
    <message>
        <location line="+74"/>
        <source> · %1 ranks</source>
        <translation> · %1 ranks</translation>
    </message>
    <message>
        <location filename="../app/ui/timeline/gantt_scene_text.h" line="-29"/>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <location filename="../app/ui/timeline/gantt_job_scenes.cpp" line="+37"/>
        <source>all ranks</source>
        <translation>todos os ranks</translation>
    </message>
    <message>
        <location line="+1"/>
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
        <location line="+2"/>
        <source> · background (never blocks training)</source>
        <translation> · segundo plano (nunca bloqueia o treinamento)</translation>
    </message>
    <message>
        <location filename="../app/ui/timeline/gantt_density_grid.cpp" line="+72"/>
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
        <location line="+94"/>
        <location line="+47"/>
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
        <location line="+22"/>
        <source>Time to Start</source>
        <translation>Tempo para Iniciar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time to Recover</source>
        <translation>Tempo para Recuperar</translation>
    </message>
    <message>
        <location line="+2"/>
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
        <location filename="../app/ui/timeline/gantt_scene_text.h" line="-31"/>
        <source>many small spans (shares of time)</source>
        <translation>muitos trechos pequenos (parcelas do tempo)</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>start %1
end   %2
duration %3</source>
        <translation>início %1
fim    %2
duração %3</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>
running: its end is the time of the last read; drawn open-ended up to now while the folder is watched</source>
        <translation>
em execução: seu fim é o momento da última leitura; desenhada em aberto até agora enquanto a pasta é observada</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>rank %1 · %2</source>
        <translation>rank %1 · %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>attempt %1 · %2</source>
        <translation>tentativa %1 · %2</translation>
    </message>
    <message>
        <location line="+10"/>
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
        <location filename="../app/ui/timeline/gantt_widget.cpp" line="+330"/>
        <source>
(narrower than %1 px here: zoom in to tell it from its neighbours)</source>
        <translation>
(mais estreito que %1 px aqui: aumente o zoom para distingui-lo dos vizinhos)</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Nothing to show</source>
        <translation>Nada para mostrar</translation>
    </message>
    <message>
        <location line="+186"/>
        <source>Fit all</source>
        <translation>Ajustar tudo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom in</source>
        <translation>Mais zoom</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom out</source>
        <translation>Menos zoom</translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <location filename="../app/ui/dialogs/dialogs.cpp" line="-544"/>
        <source>Import traces</source>
        <translation>Importar traces</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Import %1.</source>
        <translation>Importar %1.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Dataset &amp;label:</source>
        <translation>&amp;Rótulo do conjunto de dados:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Files under one label merge into one fleet; use different labels (&quot;before&quot;, &quot;after&quot;) to compare. A label can be renamed later.</source>
        <translation>Arquivos sob um mesmo rótulo se juntam em uma frota; use rótulos diferentes (&quot;antes&quot;, &quot;depois&quot;) para comparar. Um rótulo pode ser renomeado depois.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Re&amp;place files that changed since their import</source>
        <translation>&amp;Substituir os arquivos alterados desde a importação</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A file imported before under this label whose content changed since (a trace imported while its job ran) is read again in place of its earlier records, as `ettw import --update` does; unchanged files stay as they are. Without it, a changed file&apos;s records are added to the earlier ones.</source>
        <translation>Um arquivo importado antes sob este rótulo cujo conteúdo mudou desde então (um trace importado enquanto o job rodava) é lido de novo no lugar dos seus registros anteriores, como faz `ettw import --update`; arquivos inalterados ficam como estão. Sem isso, os registros de um arquivo alterado são somados aos anteriores.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Rea&amp;d unchanged files again, with these options</source>
        <translation>&amp;Ler de novo os arquivos inalterados, com estas opções</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Files imported before under this label from the same paths are read again with the options set here, also when their content did not change, in place of their earlier records (a log imported with the wrong timezone), as `ettw import --read-again` does. Changed files are replaced too. The import says when a file was read with other options before.</source>
        <translation>Os arquivos importados antes sob este rótulo pelos mesmos caminhos são lidos de novo com as opções definidas aqui, mesmo quando o conteúdo não mudou, no lugar dos registros anteriores (um log importado com o fuso horário errado), como faz `ettw import --read-again`. Os arquivos alterados também são substituídos. A importação avisa quando um arquivo foi lido antes com outras opções.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>&amp;Options</source>
        <translation>&amp;Opções</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>How the files are read: the options of `ettw import`</source>
        <translation>Como os arquivos são lidos: as opções de `ettw import`</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Auto (by content)</source>
        <translation>Auto (pelo conteúdo)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ETT trace (JSON Lines)</source>
        <translation>Trace ETT (JSON Lines)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PyTorch profiler / Chrome trace</source>
        <translation>Profiler do PyTorch / trace do Chrome</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nsight Systems SQLite export</source>
        <translation>Exportação SQLite do Nsight Systems</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MLPerf log (:::MLLOG)</source>
        <translation>Log do MLPerf (:::MLLOG)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Console log (by rules)</source>
        <translation>Log de console (por regras)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV job table</source>
        <translation>Tabela de jobs CSV</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Slurm accounting (sacct)</source>
        <translation>Contabilidade do Slurm (sacct)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NVRx cycle files and launcher logs</source>
        <translation>Arquivos de ciclo e logs do lançador do NVRx</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TorchElastic events</source>
        <translation>Eventos do TorchElastic</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>torchtitan structured logs</source>
        <translation>Logs estruturados do torchtitan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OneLogger export</source>
        <translation>Exportação do OneLogger</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ml-goodput-measurement log entries</source>
        <translation>Entradas de log do ml-goodput-measurement</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Auto recognises the format by the file&apos;s content, never by its name</source>
        <translation>Auto reconhece o formato pelo conteúdo do arquivo, nunca pelo nome</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Format:</source>
        <translation>&amp;Formato:</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the format&apos;s built-in preset</source>
        <translation>o preset embutido do formato</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Browse...</source>
        <translation>&amp;Procurar...</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Mapping file:</source>
        <translation>Arquivo de &amp;mapeamento:</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <source>from the file</source>
        <translation>do arquivo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>from a full date in the log</source>
        <translation>de uma data completa no log</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Job:</source>
        <translation>&amp;Job:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Attempt:</source>
        <translation>&amp;Tentativa:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Rank:</source>
        <translation>Ran&amp;k:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;GPUs per node:</source>
        <translation>&amp;GPUs por nó:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Timezone:</source>
        <translation>F&amp;uso horário:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Year:</source>
        <translation>&amp;Ano:</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>&amp;Import</source>
        <translation>&amp;Importar</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Read file again</source>
        <translation>Ler arquivo de novo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read %1 again, in place of its records under label &apos;%2&apos;.</source>
        <translation>Ler %1 de novo, no lugar dos seus registros sob o rótulo &apos;%2&apos;.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>R&amp;ead again</source>
        <translation>Ler de &amp;novo</translation>
    </message>
    <message>
        <location line="+170"/>
        <source>A rules file mapping the names a tool writes to phases (see `ettw mappings`); empty: the format&apos;s built-in preset.</source>
        <translation>Um arquivo de regras que mapeia os nomes que uma ferramenta escreve para fases (veja `ettw mappings`); vazio: o preset embutido do formato.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Job of the files, for formats that cannot say; empty: from the file.</source>
        <translation>Job dos arquivos, para formatos que não o informam; vazio: do arquivo.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attempt number of the files (&gt;= 0); empty: from the file.</source>
        <translation>Número da tentativa dos arquivos (&gt;= 0); vazio: do arquivo.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rank of the files (&gt;= 0); empty: from the file.</source>
        <translation>Rank dos arquivos (&gt;= 0); vazio: do arquivo.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPUs of one node, for formats that count nodes (&gt;= 1); empty: from the file.</source>
        <translation>GPUs de um nó, para formatos que contam nós (&gt;= 1); vazio: do arquivo.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zone of console-log times that have none: UTC or an offset such as +02:00.</source>
        <translation>Fuso dos horários do log de console que não têm fuso: UTC ou um deslocamento como +02:00.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Year of console-log times that have none (%1 to %2); empty: the year of the first full date in the log.</source>
        <translation>Ano dos horários do log de console que não têm ano (%1 a %2); vazio: o ano da primeira data completa no log.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Read for these formats: %1.</source>
        <translation>Lido para estes formatos: %1.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not read for this format. %1</source>
        <translation>Não lido para este formato. %1</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>format by content, times in UTC</source>
        <translation>formato pelo conteúdo, horários em UTC</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Mapping file</source>
        <translation>Arquivo de mapeamento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mapping rules (*.json);;All files (*)</source>
        <translation>Regras de mapeamento (*.json);;Todos os arquivos (*)</translation>
    </message>
</context>
<context>
    <name>ImportProgressDialog</name>
    <message>
        <location line="+20"/>
        <source>Importing traces</source>
        <translation>Importando traces</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Starting...</source>
        <translation>Iniciando...</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+28"/>
        <source>unknown</source>
        <translation>desconhecido</translation>
    </message>
    <message>
        <location line="-27"/>
        <source>Stage:</source>
        <translation>Etapa:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Records:</source>
        <translation>Registros:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time left:</source>
        <translation>Tempo restante:</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Each file is stored in one transaction: Cancel rolls the current file back and skips the rest, so nothing half-imported is left.</source>
        <translation>Cada arquivo é gravado em uma transação: Cancelar reverte o arquivo atual e pula o resto, então nada fica importado pela metade.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>&lt; 1 s</source>
        <translation>&lt; 1 s</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>File %1 of %2: %3</source>
        <translation>Arquivo %1 de %2: %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%p% of %1</source>
        <translation>%p% de %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>finishing</source>
        <translation>finalizando</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>cancelling: rolling back the current file...</source>
        <translation>cancelando: revertendo o arquivo atual...</translation>
    </message>
</context>
<context>
    <name>ImportStage</name>
    <message>
        <location filename="../app/ui/format/palette.cpp" line="+20"/>
        <source>identifying runs</source>
        <translation>identificando execuções</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reading</source>
        <translation>lendo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>attributing</source>
        <translation>atribuindo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>committing</source>
        <translation>gravando</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>waiting for another import into this database to finish</source>
        <translation>aguardando o fim de outra importação neste banco de dados</translation>
    </message>
</context>
<context>
    <name>Interruption</name>
    <message>
        <location line="-53"/>
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
        <translation>outras</translation>
    </message>
</context>
<context>
    <name>IntervalsDialog</name>
    <message>
        <location filename="../app/ui/dialogs/intervals_dialog.cpp" line="+158"/>
        <source>Which cohort&apos;s intervals</source>
        <translation>Intervalos de qual coorte</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>List the first by</source>
        <translation>Listar os primeiros por</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>GPU-hours</source>
        <translation>Horas de GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>duration</source>
        <translation>duração</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>start</source>
        <translation>início</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Which %1 intervals are listed when there are more (the table then sorts them by any column)</source>
        <translation>Quais %1 intervalos são listados quando há mais (a tabela depois os ordena por qualquer coluna)</translation>
    </message>
    <message>
        <location line="+27"/>
        <location line="+53"/>
        <source>Intervals</source>
        <translation>Intervalos</translation>
    </message>
    <message>
        <location line="-49"/>
        <source>Intervals in bucket %1</source>
        <translation>Intervalos na categoria %1</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Intervals in %1</source>
        <translation>Intervalos em %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Intervals in %1 · %2</source>
        <translation>Intervalos em %1 · %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every interval attributed to %1 in: %2</source>
        <translation>Todos os intervalos atribuídos a %1 em: %2</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Listing the intervals…</source>
        <translation>Listando os intervalos…</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>%1, %2 (%3)</source>
        <translation>%1, %2 (%3)</translation>
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
        <translation>GPU-h</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>; the first %1 by %2 listed</source>
        <translation>; listados os primeiros %1 por %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No interval is attributed to %1 in this scope: its time here is 0.</source>
        <translation>Nenhum intervalo é atribuído a %1 neste escopo: seu tempo aqui é 0.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> · double-click one to open its timeline</source>
        <translation> · clique duas vezes em um para abrir sua linha do tempo</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Could not list the intervals: %1</source>
        <translation>Não foi possível listar os intervalos: %1</translation>
    </message>
</context>
<context>
    <name>IntervalsTableModel</name>
    <message>
        <location line="-217"/>
        <source>%1 / %2, attempt %3
%4 to %5 UTC (exactly %6)
%7 GPUs: %8 GPU-s
Double-click: open its timeline</source>
        <translation>%1 / %2, tentativa %3
%4 a %5 UTC (exatamente %6)
%7 GPUs: %8 GPU-s
Clique duplo: abre sua linha do tempo</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Label</source>
        <translation>Rótulo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Attempt</source>
        <translation>Tentativa</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start (UTC)</source>
        <translation>Início (UTC)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Duration</source>
        <translation>Duração</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPU-h</source>
        <translation>GPU-h</translation>
    </message>
</context>
<context>
    <name>IssuesDialog</name>
    <message>
        <location filename="../app/ui/dialogs/issues_dialog.cpp" line="+150"/>
        <source>Import issues</source>
        <translation>Problemas de importação</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Non-fatal data problems counted when the files were imported. The figures account for them as their descriptions say (hover an issue to read it).</source>
        <translation>Problemas de dados não fatais contados quando os arquivos foram importados. Os números os levam em conta como suas descrições dizem (passe o mouse sobre um problema para lê-la).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Search label, file, issue or example</source>
        <translation>Buscar rótulo, arquivo, problema ou exemplo</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Loading…</source>
        <translation>Carregando…</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>The import issues could not be read: %1</source>
        <translation>Não foi possível ler os problemas de importação: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No import issues: every file was read as it is.</source>
        <translation>Nenhum problema de importação: todos os arquivos foram lidos como estão.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 in %2%3</source>
        <translation>%1 em %2%3</translation>
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
        <translation>; %1 exibidas</translation>
    </message>
</context>
<context>
    <name>IssuesTableModel</name>
    <message>
        <location line="-116"/>
        <source>A kind of issue this version of ETT Workbench does not know (written by another version).</source>
        <translation>Um tipo de problema que esta versão do ETT Workbench não conhece (gravado por outra versão).</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Label</source>
        <translation>Rótulo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>File</source>
        <translation>Arquivo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Severity</source>
        <translation>Gravidade</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Issue</source>
        <translation>Problema</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Count</source>
        <translation>Contagem</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>First line</source>
        <translation>Primeira linha</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Example</source>
        <translation>Exemplo</translation>
    </message>
</context>
<context>
    <name>JobSearch</name>
    <message>
        <location filename="../app/ui/widgets/job_search.cpp" line="+34"/>
        <source>Find a job: key, name or attribute (Ctrl+F)</source>
        <translation>Localizar um job: chave, nome ou atributo (Ctrl+F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Find jobs by key, name or attribute value in every label; Enter opens the first match</source>
        <translation>Localizar jobs por chave, nome ou valor de atributo em todos os rótulos; Enter abre o primeiro resultado</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Search failed: %1</source>
        <translation>A busca falhou: %1</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>label %1</source>
        <translation>rótulo %1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>No job matches &quot;%1&quot; (keys, names and attribute values of every label)</source>
        <translation>Nenhum job corresponde a &quot;%1&quot; (chaves, nomes e valores de atributo de todos os rótulos)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 more: type more to narrow the search</source>
        <translation>mais %1: digite mais para refinar a busca</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../app/ui/window/main_window.cpp" line="+123"/>
        <source>&amp;Connect to fleet store...</source>
        <translation>&amp;Conectar ao repositório da frota...</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Compute on a fleet store (a ClickHouse cluster) instead of a database: every figure in SQL on its shards</source>
        <translation>Calcular em um repositório da frota (um cluster ClickHouse) em vez de um banco de dados: todos os números em SQL nos seus shards</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Stop cluster query</source>
        <translation>Parar consu&amp;lta ao cluster</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Abandon the query running on the fleet store (the server is asked to kill it)</source>
        <translation>Abandonar a consulta em execução no repositório da frota (pede-se ao servidor que a encerre)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;New database...</source>
        <translation>&amp;Novo banco de dados...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Create an empty workbench database</source>
        <translation>Criar um banco de dados do workbench vazio</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open &amp;database...</source>
        <translation>Abrir &amp;banco de dados...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open a workbench database (.db)</source>
        <translation>Abrir um banco de dados do workbench (.db)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Import traces...</source>
        <translation>&amp;Importar traces...</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Import ETT trace files into the open database</source>
        <translation>Importar arquivos de trace ETT para o banco de dados aberto</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Import &amp;folder...</source>
        <translation>Importar &amp;pasta...</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Import every trace in a folder and its subfolders: a folder per job, a file per rank or cycle</source>
        <translation>Importar cada trace de uma pasta e de suas subpastas: uma pasta por job, um arquivo por rank ou ciclo</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Open...</source>
        <translation>&amp;Abrir...</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open a database or import traces (chosen by what the files are)</source>
        <translation>Abrir um banco de dados ou importar traces (conforme o que os arquivos forem)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Rename label...</source>
        <translation>Reno&amp;mear rótulo...</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Re&amp;move label...</source>
        <translation>Remo&amp;ver rótulo...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove a dataset label: every file imported under it and its jobs (undoable)</source>
        <translation>Remover um rótulo de conjunto de dados: todos os arquivos importados sob ele e seus jobs (pode ser desfeito)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Remove one imported file as if it had never been imported; the other files stay (undoable)</source>
        <translation>Remover um arquivo importado como se nunca tivesse sido importado; os outros arquivos ficam (pode ser desfeito)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Read file a&amp;gain...</source>
        <translation>Ler arq&amp;uivo de novo...</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Read one imported file again with other options (a timezone, a mapping), in place of its records</source>
        <translation>Ler de novo um arquivo importado com outras opções (um fuso horário, um mapeamento), no lugar dos seus registros</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Find job...</source>
        <translation>&amp;Localizar job...</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Find jobs by key, name or attribute value in every label, and open one</source>
        <translation>Localizar jobs por chave, nome ou valor de atributo em todos os rótulos e abrir um</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../app/ui/window/main_window_files.cpp" line="+661"/>
        <source>&amp;Undo</source>
        <translation>&amp;Desfazer</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Export report...</source>
        <translation>&amp;Exportar relatório...</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A PDF report of the filter&apos;s jobs (and of the comparison), previewed first</source>
        <translation>Um relatório PDF dos jobs do filtro (e da comparação), com pré-visualização antes</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Export chart or &amp;table...	Ctrl+Shift+E</source>
        <translation>Exportar gráfico ou &amp;tabela...	Ctrl+Shift+E</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export the focused chart or timeline as PNG or SVG, or table as CSV or JSON</source>
        <translation>Exportar o gráfico ou a linha do tempo em foco como PNG ou SVG, ou a tabela como CSV ou JSON</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Export</source>
        <translation>Exportar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Click the chart, table or timeline to export first, then choose Export again (or right-click it).</source>
        <translation>Clique no gráfico, tabela ou linha do tempo a exportar e escolha Exportar de novo (ou clique nele com o botão direito).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Quit</source>
        <translation>&amp;Sair</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Overview</source>
        <translation>&amp;Visão geral</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Drill-down</source>
        <translation>&amp;Detalhamento</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Compare A/B</source>
        <translation>&amp;Comparar A/B</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compare two cohorts: ETT% with its interval, the bridge by bucket, distributions and matched jobs</source>
        <translation>Comparar duas coortes: ETT% com seu intervalo, a ponte por categoria, distribuições e jobs pareados</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Checkpoint &amp;advisor</source>
        <translation>Co&amp;nsultor de pontos de verificação</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Checkpoint intervals: the current one, the optimum, the waste of both and the ETT% gain, per job or group of the filter</source>
        <translation>Intervalos entre pontos de verificação: o atual, o ótimo, o desperdício de ambos e o ganho de ETT%, por job ou grupo do filtro</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;What-if</source>
        <translation>&amp;E se</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scale buckets, a phase subcategory, interruptions or the checkpoint interval of the filter&apos;s jobs and see the projected ETT% with the bridge from today</source>
        <translation>Escalar categorias, uma subcategoria de fase, interrupções ou o intervalo entre pontos de verificação dos jobs do filtro e ver o ETT% projetado com a ponte a partir de hoje</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Ranks and stragglers</source>
        <translation>&amp;Ranks e retardatários</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The slowest rank of each stage of a job&apos;s multi-rank attempts, and the hosts of the filter&apos;s jobs most often slowest</source>
        <translation>O rank mais lento de cada etapa das tentativas multi-rank de um job, e os hosts dos jobs do filtro que mais vezes são os mais lentos</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Ca&amp;uses</source>
        <translation>Ca&amp;usas</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Recent fi&amp;les</source>
        <translation>Arquivos &amp;recentes</translation>
    </message>
    <message>
        <location line="+273"/>
        <source>Open a workbench database, or import trace files into a new one: native ETT traces (.ett.jsonl, .ett.jsonl.gz, .ett.jsonl.zst), PyTorch profiler (Chrome) traces, Nsight Systems exports, MLPerf logs, console logs and job tables. You can also drop files on this window.</source>
        <translation>Abra um banco de dados do workbench ou importe arquivos de trace para um novo: traces ETT nativos (.ett.jsonl, .ett.jsonl.gz, .ett.jsonl.zst), traces do profiler do PyTorch (Chrome), exportações do Nsight Systems, logs do MLPerf, logs de console e tabelas de jobs. Você também pode soltar arquivos nesta janela.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 holds no traces. Import trace files to see where their training time went: native ETT traces (.ett.jsonl, .ett.jsonl.gz, .ett.jsonl.zst), PyTorch profiler (Chrome) traces, Nsight Systems exports, MLPerf logs, console logs and job tables. You can also drop files on this window.

From a shell:  ettw import --db %1 FILE...</source>
        <translation>%1 não contém traces. Importe arquivos de trace para ver para onde foi o tempo de treinamento: traces ETT nativos (.ett.jsonl, .ett.jsonl.gz, .ett.jsonl.zst), traces do profiler do PyTorch (Chrome), exportações do Nsight Systems, logs do MLPerf, logs de console e tabelas de jobs. Você também pode soltar arquivos nesta janela.

Em um shell:  ettw import --db %1 FILE...</translation>
    </message>
    <message>
        <location line="-337"/>
        <source>Interruptions by cause and symptom; rules that re-classify causes</source>
        <translation>Interrupções por causa e sintoma; regras que reclassificam causas</translation>
    </message>
    <message>
        <location line="-82"/>
        <source>Remo&amp;ve file...</source>
        <translation>Remover ar&amp;quivo...</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>&amp;Back</source>
        <translation>V&amp;oltar</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Forward</source>
        <translation>&amp;Avançar</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Import &amp;issues…</source>
        <translation>&amp;Problemas de importação…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The non-fatal data problems counted when each file was imported</source>
        <translation>Os problemas de dados não fatais contados quando cada arquivo foi importado</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;About ETT Workbench</source>
        <translation>&amp;Sobre o ETT Workbench</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Keyboard shortcuts</source>
        <translation>&amp;Atalhos de teclado</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Every key the window answers to, searchable</source>
        <translation>Todas as teclas a que a janela responde, com busca</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;File</source>
        <translation>&amp;Arquivo</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>&amp;Edit</source>
        <translation>&amp;Editar</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;View</source>
        <translation>E&amp;xibir</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>&amp;Help</source>
        <translation>Aj&amp;uda</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Navigation</source>
        <translation>Navegação</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Filters</source>
        <translation>Filtros</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Overview</source>
        <translation>Visão geral</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drill-down</source>
        <translation>Detalhamento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare A/B</source>
        <translation>Comparar A/B</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Advisor</source>
        <translation>Consultor</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What-if</source>
        <translation>E se</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ranks</source>
        <translation>Ranks</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Causes</source>
        <translation>Causas</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>Details</source>
        <translation>Detalhes</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>Import traces...  (%1)</source>
        <translation>Importar traces...  (%1)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Open database...  (%1)</source>
        <translation>Abrir banco de dados...  (%1)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>No jobs in this fleet store yet</source>
        <translation>Ainda não há jobs neste repositório da frota</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 holds no pushed dataset. From a shell:  ettw push --db DATABASE --store URL, or ettw import --store URL --label LABEL FILE...</source>
        <translation>%1 não contém nenhum conjunto de dados enviado. Em um shell:  ettw push --db DATABASE --store URL, ou ettw import --store URL --label LABEL FILE...</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No database is open</source>
        <translation>Nenhum banco de dados aberto</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No jobs in this database yet</source>
        <translation>Ainda não há jobs neste banco de dados</translation>
    </message>
    <message>
        <location line="+89"/>
        <source>no database</source>
        <translation>nenhum banco de dados</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Open a database or import traces (File &gt; Open, or drop files here).</source>
        <translation>Abra um banco de dados ou importe traces (Arquivo &gt; Abrir, ou solte arquivos aqui).</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Quit</source>
        <translation>Sair</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>An import is running. Cancel it (the file being imported is rolled back) and quit?</source>
        <translation>Uma importação está em andamento. Cancelá-la (o arquivo em importação é revertido) e sair?</translation>
    </message>
    <message>
        <location filename="../app/ui/window/main_window_files.cpp" line="-581"/>
        <source>last query: %1 ms</source>
        <translation>última consulta: %1 ms</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 on %2</source>
        <translation>%1 em %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Label &quot;%1&quot; renamed to &quot;%2&quot;.</source>
        <translation>Rótulo &quot;%1&quot; renomeado para &quot;%2&quot;.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Rename label</source>
        <translation>Renomear rótulo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The label was not renamed.</source>
        <translation>O rótulo não foi renomeado.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Removed label &apos;%1&apos; (%2, %3) — Undo (%4)</source>
        <translation>Rótulo &apos;%1&apos; removido (%2, %3) — Desfazer (%4)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+13"/>
        <location line="+269"/>
        <source>file</source>
        <translation>arquivo</translation>
    </message>
    <message>
        <location line="-282"/>
        <location line="+13"/>
        <location line="+269"/>
        <source>files</source>
        <translation>arquivos</translation>
    </message>
    <message>
        <location line="-281"/>
        <location line="+13"/>
        <location line="+183"/>
        <location line="+23"/>
        <location line="+273"/>
        <source>job</source>
        <translation>job</translation>
    </message>
    <message>
        <location line="-492"/>
        <location line="+13"/>
        <location line="+183"/>
        <location line="+23"/>
        <location line="+273"/>
        <source>jobs</source>
        <translation>jobs</translation>
    </message>
    <message>
        <location line="-486"/>
        <source>Remove label</source>
        <translation>Remover rótulo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Removing the label did not go through.</source>
        <translation>A remoção do rótulo não foi concluída.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Restored label &apos;%1&apos; (%2, %3).</source>
        <translation>Rótulo &apos;%1&apos; restaurado (%2, %3).</translation>
    </message>
    <message>
        <location line="+18"/>
        <location line="+22"/>
        <location line="+448"/>
        <source>Remove file</source>
        <translation>Remover arquivo</translation>
    </message>
    <message>
        <location line="-470"/>
        <source>Removing the file did not go through.</source>
        <translation>A remoção do arquivo não foi concluída.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Undone: %1</source>
        <translation>Desfeito: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+5"/>
        <source>Not undone: %1</source>
        <translation>Não desfeito: %1</translation>
    </message>
    <message>
        <location line="-4"/>
        <location line="+5"/>
        <source>Undo</source>
        <translation>Desfazer</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>The file was not imported again.</source>
        <translation>O arquivo não foi importado de novo.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The label was not restored; nothing was changed.</source>
        <translation>O rótulo não foi restaurado; nada foi alterado.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The imported files could not be listed.</source>
        <translation>Não foi possível listar os arquivos importados.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Query failed: %1</source>
        <translation>A consulta falhou: %1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Opening %1...</source>
        <translation>Abrindo %1...</translation>
    </message>
    <message>
        <location line="+15"/>
        <location line="+7"/>
        <location line="+171"/>
        <location line="+29"/>
        <location line="+8"/>
        <location line="+36"/>
        <source>Import traces</source>
        <translation>Importar traces</translation>
    </message>
    <message>
        <location line="-250"/>
        <source>A fleet store is open: the window only reads it. Import into a database (File &gt; Open database), or into the store from a shell with  ettw import --store URL --label LABEL FILE...</source>
        <translation>Um repositório da frota está aberto: a janela apenas o lê. Importe para um banco de dados (Arquivo &gt; Abrir banco de dados) ou para o repositório a partir de um shell com  ettw import --store URL --label LABEL FILE...</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>An import is running; wait for it to finish or cancel it first.</source>
        <translation>Uma importação está em andamento; espere que termine ou cancele-a antes.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>No database was open: importing into %1</source>
        <translation>Nenhum banco de dados estava aberto: importando para %1</translation>
    </message>
    <message>
        <location line="+24"/>
        <location line="+220"/>
        <source>Open</source>
        <translation>Abrir</translation>
    </message>
    <message>
        <location line="-220"/>
        <source>The file does not exist.</source>
        <translation>O arquivo não existe.</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Aggregation backend: %1
%2</source>
        <translation>Backend de agregação: %1
%2</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Connected to %1 in %2</source>
        <translation>Conectado a %1 em %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Loaded %1 in %2</source>
        <translation>%1 carregado em %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1, %2, %3 loaded</source>
        <translation>%1, %2, %3 carregados</translation>
    </message>
    <message>
        <location line="+76"/>
        <source>Import finished. Files skipped as not traces: %1. No reader of this version places them (each line below says why), and nothing of them was imported.</source>
        <translation>Importação concluída. Arquivos ignorados por não serem traces: %1. Nenhum leitor desta versão os reconhece (cada linha abaixo diz por quê), e nada deles foi importado.</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Databases and traces (*.db *.sqlite *.ett.jsonl *.ett.jsonl.gz *.ett.jsonl.zst *.jsonl *.jsonl.gz *.jsonl.zst *.json *.json.gz *.gz *.zst *.txt *.log *.csv)</source>
        <translation>Bancos de dados e traces (*.db *.sqlite *.ett.jsonl *.ett.jsonl.gz *.ett.jsonl.zst *.jsonl *.jsonl.gz *.jsonl.zst *.json *.json.gz *.gz *.zst *.txt *.log *.csv)</translation>
    </message>
    <message>
        <location line="+224"/>
        <source>Nothing to undo: removing a label or a file (File &gt; Remove label, Remove file) and reading a file again with other options (File &gt; Read file again) can be undone until the database is closed</source>
        <translation>Nada a desfazer: remover um rótulo ou um arquivo (Arquivo &gt; Remover rótulo, Remover arquivo) e ler um arquivo de novo com outras opções (Arquivo &gt; Ler arquivo de novo) podem ser desfeitos até o banco de dados ser fechado</translation>
    </message>
    <message>
        <location line="-382"/>
        <location line="+23"/>
        <location line="+272"/>
        <source>attempt</source>
        <translation>tentativa</translation>
    </message>
    <message>
        <location line="-295"/>
        <location line="+23"/>
        <location line="+272"/>
        <source>attempts</source>
        <translation>tentativas</translation>
    </message>
    <message>
        <location line="-294"/>
        <location line="+23"/>
        <source>segment</source>
        <translation>segmento</translation>
    </message>
    <message>
        <location line="-23"/>
        <location line="+23"/>
        <source>segments</source>
        <translation>segmentos</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Loaded from %1 in %2 s</source>
        <translation>Carregado de %1 em %2 s</translation>
    </message>
    <message>
        <location line="-27"/>
        <source>%1, %2, %3 in %4</source>
        <translation>%1, %2, %3 em %4</translation>
    </message>
    <message>
        <location line="-144"/>
        <source>Read file again</source>
        <translation>Ler arquivo de novo</translation>
    </message>
    <message>
        <location line="+148"/>
        <source>Fleet store %1, connected in %2 s</source>
        <translation>Repositório da frota %1, conectado em %2 s</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No database was open: importing into %1...</source>
        <translation>Nenhum banco de dados estava aberto: importando para %1...</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Importing into %1...</source>
        <translation>Importando para %1...</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Could not connect to the fleet store.</source>
        <translation>Não foi possível conectar ao repositório da frota.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Could not open the database.</source>
        <translation>Não foi possível abrir o banco de dados.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Connect to fleet store</source>
        <translation>Conectar ao repositório da frota</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+93"/>
        <source>Open database</source>
        <translation>Abrir banco de dados</translation>
    </message>
    <message>
        <location line="-92"/>
        <source>The database could not be opened.</source>
        <translation>O banco de dados não pôde ser aberto.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Could not open %1.</source>
        <translation>Não foi possível abrir %1.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Open or create a database first (File &gt; New database, File &gt; Open database).</source>
        <translation>Abra ou crie um banco de dados antes (Arquivo &gt; Novo banco de dados, Arquivo &gt; Abrir banco de dados).</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>A file could not be imported; nothing of it was stored.</source>
        <translation>Não foi possível importar um arquivo; nada dele foi gravado.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 files could not be imported; nothing of them was stored.</source>
        <translation>Não foi possível importar %1 arquivos; nada deles foi gravado.</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+39"/>
        <source>Summary:</source>
        <translation>Resumo:</translation>
    </message>
    <message>
        <location line="-26"/>
        <source>Import cancelled: the file being imported was rolled back.</source>
        <translation>Importação cancelada: o arquivo em importação foi revertido.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Import finished; %1 could not be imported.</source>
        <translation>Importação concluída; não foi possível importar %1.</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Import finished. Some console logs were not chained with the runs stored before them; each note below says which and why.</source>
        <translation>Importação concluída. Alguns logs de console não foram encadeados às execuções armazenadas antes deles; cada nota abaixo diz quais e por quê.</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+5"/>
        <source>New database</source>
        <translation>Novo banco de dados</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Could not replace %1.</source>
        <translation>Não foi possível substituir %1.</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Import a folder of traces</source>
        <translation>Importar uma pasta de traces</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Counting what label &apos;%1&apos; holds...</source>
        <translation>Contando o que o rótulo &apos;%1&apos; contém...</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Removing label &apos;%1&apos;...</source>
        <translation>Removendo o rótulo &apos;%1&apos;...</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+8"/>
        <source>Listing the imported files...</source>
        <translation>Listando os arquivos importados...</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Removing %1 from label &apos;%2&apos;...</source>
        <translation>Removendo %1 do rótulo &apos;%2&apos;...</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Removed %1 from label &apos;%2&apos; (%3, %4 removed with it)</source>
        <translation>%1 removido do rótulo &apos;%2&apos; (%3, %4 removidos com ele)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>; %1 read again</source>
        <translation>; %1 lidos de novo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>other file</source>
        <translation>outro arquivo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>other files</source>
        <translation>outros arquivos</translation>
    </message>
    <message>
        <location line="-207"/>
        <location line="+210"/>
        <source> — Undo (%1)</source>
        <translation> — Desfazer (%1)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The file was removed, but not everything could be made as an import without it would be.</source>
        <translation>O arquivo foi removido, mas nem tudo pôde ficar como uma importação sem ele ficaria.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Importing %1 again...</source>
        <translation>Importando %1 de novo...</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Restoring label &apos;%1&apos;...</source>
        <translation>Restaurando o rótulo &apos;%1&apos;...</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>An import is running: undo when it has finished.</source>
        <translation>Uma importação está em andamento: desfaça quando ela terminar.</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>&amp;Undo scenario delete</source>
        <translation>&amp;Desfazer exclusão do cenário</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the scenario deleted on the What-if page again</source>
        <translation>Salvar de novo o cenário excluído na página E se</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Undo cause rule change</source>
        <translation>&amp;Desfazer alteração das regras de causa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Restore the cause rules in force before the last change, and the figures with them</source>
        <translation>Restaurar as regras de causa em vigor antes da última alteração, e os números com elas</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Undo removal of file &apos;%1&apos;</source>
        <translation>&amp;Desfazer remoção do arquivo &apos;%1&apos;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Import %1 again under label &apos;%2&apos;, with the options it was imported with (%3)</source>
        <translation>Importar %1 de novo sob o rótulo &apos;%2&apos;, com as opções com que foi importado (%3)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Undo reading &apos;%1&apos; again</source>
        <translation>&amp;Desfazer a nova leitura de &apos;%1&apos;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Read %1 again under label &apos;%2&apos; with the options it was read with before (%3)</source>
        <translation>Ler %1 de novo sob o rótulo &apos;%2&apos; com as opções com que foi lido antes (%3)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Undo removal of label &apos;%1&apos;</source>
        <translation>&amp;Desfazer remoção do rótulo &apos;%1&apos;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Put label &apos;%1&apos; back with everything it held (refused if a later import took its name or ids)</source>
        <translation>Devolver o rótulo &apos;%1&apos; com tudo o que continha (recusado se uma importação posterior tomou seu nome ou ids)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>&lt;p&gt;Built from commit %1 (%2); backends compiled in: %3.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Compilado a partir do commit %1 (%2); backends incluídos: %3.&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>About ETT Workbench</source>
        <translation>Sobre o ETT Workbench</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;h3&gt;ETT Workbench %1&lt;/h3&gt;&lt;p&gt;Where the wall-clock time of training jobs goes: Effective Training Time (ETT%), computed exactly by the ETT trace spec, from the fleet down to one attempt&apos;s phases.&lt;/p&gt;&lt;p&gt;Aggregation backend: %2&lt;br/&gt;%3&lt;/p&gt;&lt;p&gt;Licensed under the Apache License, Version 2.0.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;ETT Workbench %1&lt;/h3&gt;&lt;p&gt;Para onde vai o tempo de relógio dos jobs de treinamento: Effective Training Time (ETT%), calculado exatamente pela especificação de trace ETT, da frota até as fases de uma tentativa.&lt;/p&gt;&lt;p&gt;Backend de agregação: %2&lt;br/&gt;%3&lt;/p&gt;&lt;p&gt;Licenciado sob a Apache License, Version 2.0.&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>not loaded yet</source>
        <translation>ainda não carregado</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>(none)</source>
        <translation>(nenhum)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Clear</source>
        <translation>&amp;Limpar</translation>
    </message>
    <message>
        <location line="+11"/>
        <location line="+4"/>
        <source>%1 - ETT Workbench</source>
        <translation>%1 - ETT Workbench</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>ETT Workbench</source>
        <translation>ETT Workbench</translation>
    </message>
    <message>
        <location filename="../app/ui/window/main_window_store.cpp" line="+138"/>
        <source>Connecting to %1...</source>
        <translation>Conectando a %1...</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Query stopped: the views keep what they showed. Change a view to ask again.</source>
        <translation>Consulta interrompida: as visões mantêm o que mostravam. Mude uma visão para consultar de novo.</translation>
    </message>
    <message>
        <location filename="../app/ui/window/main_window_watch.cpp" line="+46"/>
        <source>&amp;Watch folder...</source>
        <translation>&amp;Observar pasta...</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Follow a folder of running jobs as ettw watch does: new and changed traces are imported, the pages refresh, alerts are listed</source>
        <translation>Acompanhar uma pasta de jobs em execução como o ettw watch: traces novos e alterados são importados, as páginas se atualizam, os alertas são listados</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Stop following the watched folders (everything imported stays)</source>
        <translation>Parar de acompanhar as pastas observadas (tudo o que foi importado permanece)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The open and recent alerts of the watched folders (restart storms, hangs, ...)</source>
        <translation>Os alertas abertos e recentes das pastas observadas (tempestades de reinícios, travamentos, ...)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Alerts</source>
        <translation>Alertas</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Job %1 (%2) is not in the loaded data yet; it is shown once the pages refresh.</source>
        <translation>O job %1 (%2) ainda não está nos dados carregados; ele aparece quando as páginas se atualizarem.</translation>
    </message>
    <message>
        <location line="+46"/>
        <location line="+27"/>
        <location line="+9"/>
        <location line="+12"/>
        <source>Watch folder</source>
        <translation>Observar pasta</translation>
    </message>
    <message>
        <location line="-48"/>
        <source>The folder is not watched.</source>
        <translation>A pasta não está sendo observada.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Stopped watching; everything imported stays.</source>
        <translation>Observação encerrada; tudo o que foi importado permanece.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The pages could not be refreshed: %1</source>
        <translation>Não foi possível atualizar as páginas: %1</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Dataset label for the traces of %1:</source>
        <translation>Rótulo do conjunto de dados para os traces de %1:</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>A fleet store is open: the window only reads it. Watch into a database (File &gt; Open database), or push what ettw watch imports with  ettw push.</source>
        <translation>Um repositório da frota está aberto: a janela apenas o lê. Observe para um banco de dados (Arquivo &gt; Abrir banco de dados), ou envie o que o ettw watch importa com  ettw push.</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Watching %1 under label &apos;%2&apos;...</source>
        <translation>Observando %1 sob o rótulo &apos;%2&apos;...</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Watch: %1 (its earlier records are kept; read again when it changes)</source>
        <translation>Observação: %1 (seus registros anteriores são mantidos; lido de novo quando mudar)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Watch: %1</source>
        <translation>Observação: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+28"/>
        <source>%Ln running job(s)</source>
        <translation>
            <numerusform>%Ln job em execução</numerusform>
            <numerusform>%Ln jobs em execução</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+54"/>
        <source>%Ln open alert(s)</source>
        <translation>
            <numerusform>%Ln alerta aberto</numerusform>
            <numerusform>%Ln alertas abertos</numerusform>
        </translation>
    </message>
    <message>
        <location line="-301"/>
        <source>Stop watc&amp;hing</source>
        <translation>Parar &amp;de observar</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A&amp;lerts</source>
        <translation>A&amp;lertas</translation>
    </message>
    <message numerus="yes">
        <location line="+235"/>
        <source>Watching %Ln file(s)</source>
        <translation>
            <numerusform>Observando %Ln arquivo</numerusform>
            <numerusform>Observando %Ln arquivos</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no change yet</source>
        <translation>nenhuma mudança ainda</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>last change %1 UTC</source>
        <translation>última mudança %1 UTC</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Importing into %1 under label &apos;%2&apos; (%3):
%4</source>
        <translation>Importando para %1 sob o rótulo &apos;%2&apos; (%3):
%4</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>inotify, and a look every 2 s</source>
        <translation>inotify, e uma verificação a cada 2 s</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>a look every 2 s, without inotify</source>
        <translation>uma verificação a cada 2 s, sem inotify</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Last changed file: %1</source>
        <translation>Último arquivo alterado: %1</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Show the alerts panel (%1)</source>
        <translation>Mostrar o painel de alertas (%1)</translation>
    </message>
</context>
<context>
    <name>MatchedJobsModel</name>
    <message>
        <location filename="../app/ui/models/compare_models.cpp" line="+148"/>
        <source>GPU-hours A lost (E2E minus productive)</source>
        <translation>Horas de GPU perdidas em A (E2E menos produtivo)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU-hours B lost (E2E minus productive)</source>
        <translation>Horas de GPU perdidas em B (E2E menos produtivo)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pairs whose jobs differ in name or GPU count: they may be two different jobs</source>
        <translation>Pares cujos jobs diferem em nome ou número de GPUs: podem ser dois jobs diferentes</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>names differ</source>
        <translation>nomes diferem</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 → %2 GPUs</source>
        <translation>%1 → %2 GPUs</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no name</source>
        <translation>sem nome</translation>
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
        <translation>A: %1
B: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>They may be two different jobs: read their change with care, or match by name.</source>
        <translation>Podem ser dois jobs diferentes: leia a variação com cuidado, ou pareie por nome.</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>%1: ETT% dropped</source>
        <translation>%1: ETT% caiu</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1: ETT% rose</source>
        <translation>%1: ETT% subiu</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A: %1 (%2)
B: %3 (%4)</source>
        <translation>A: %1 (%2)
B: %3 (%4)</translation>
    </message>
</context>
<context>
    <name>MatchedTimelines</name>
    <message>
        <location filename="../app/ui/widgets/matched_timelines.cpp" line="+82"/>
        <source>Align B</source>
        <translation>Alinhar B</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>by start</source>
        <translation>pelo início</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>by first training</source>
        <translation>pelo primeiro treinamento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>by wall clock</source>
        <translation>pelo relógio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What lines the two timelines up: the jobs&apos; starts (inside their cohorts&apos; ranges), their first instant of training, or the same wall-clock time</source>
        <translation>O que alinha as duas linhas do tempo: os inícios dos jobs (dentro dos intervalos das suas coortes), seu primeiro instante de treinamento ou o mesmo horário de relógio</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>then shift B by</source>
        <translation>e deslocar B</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Moves B&apos;s timeline right (positive) or left, relative to A</source>
        <translation>Move a linha do tempo de B para a direita (positivo) ou para a esquerda, em relação a A</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Reset</source>
        <translation>Redefinir</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No shift: B aligned as chosen</source>
        <translation>Sem deslocamento: B alinhado como escolhido</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Fit</source>
        <translation>Ajustar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show both jobs inside their cohorts&apos; ranges</source>
        <translation>Mostrar os dois jobs dentro dos intervalos das suas coortes</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Ranks</source>
        <translation>Ranks</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A row per rank, phases coloured by category</source>
        <translation>Uma linha por rank, fases coloridas por categoria</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>A row per attempt, by bucket</source>
        <translation>Uma linha por tentativa, por categoria</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Open</source>
        <translation>Abrir</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open this job in the drill-down</source>
        <translation>Abrir este job no Detalhamento</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Compare %1 timeline %2</source>
        <translation>Comparar linha do tempo %1 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, rank view</source>
        <translation>, visão por rank</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>, job view</source>
        <translation>, visão por job</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>(none)</source>
        <translation>(nenhum)</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Loading the timelines of %1…</source>
        <translation>Carregando as linhas do tempo de %1…</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>The timeline of %1 could not be loaded: %2</source>
        <translation>Não foi possível carregar a linha do tempo de %1: %2</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>select a matched job</source>
        <translation>selecione um job pareado</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 has no job in this cohort</source>
        <translation>%1 não tem job nesta coorte</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1: loading…</source>
        <translation>%1: carregando…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>(%1) · %2 GPUs · %3</source>
        <translation>(%1) · %2 GPUs · %3</translation>
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
        <location line="+6"/>
        <source> · run %1 of %2 by start (matched by %3)</source>
        <translation> · execução %1 de %2 por início (pareado por %3)</translation>
    </message>
</context>
<context>
    <name>Outcome</name>
    <message>
        <location filename="../app/ui/format/palette.cpp" line="-15"/>
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
        <location filename="../app/ui/pages/overview_page.cpp" line="-559"/>
        <source>Fleet overview</source>
        <translation>Visão geral da frota</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Trend per</source>
        <translation>Tendência por</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+520"/>
        <location line="+24"/>
        <source>day</source>
        <translation>dia</translation>
    </message>
    <message>
        <location line="-544"/>
        <location line="+520"/>
        <source>week</source>
        <translation>semana</translation>
    </message>
    <message>
        <location line="-507"/>
        <source>rolling 24 h</source>
        <translation>24 h móveis</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Draw the ETT% of the 24 hours before each hour over the trend: the worst day of the fleet, whenever it began</source>
        <translation>Traçar sobre a tendência o ETT% das 24 horas anteriores a cada hora: o pior dia da frota, não importa quando começou</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Computing…</source>
        <translation>Calculando…</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Overview</source>
        <translation>Visão geral</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>: no data</source>
        <translation>: sem dados</translation>
    </message>
    <message numerus="yes">
        <location line="+214"/>
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
            <numerusform>%Ln tentativa</numerusform>
            <numerusform>%Ln tentativas</numerusform>
        </translation>
    </message>
    <message>
        <location line="-46"/>
        <source>%1 to %2 UTC</source>
        <translation>%1 a %2 UTC</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the start</source>
        <translation>o início</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the end</source>
        <translation>o fim</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>all time</source>
        <translation>todo o período</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>filtered</source>
        <translation>filtrado</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>computing…</source>
        <translation>calculando…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>failed: %1</source>
        <translation>falhou: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no data yet: open a database or import traces</source>
        <translation>ainda sem dados: abra um banco de dados ou importe traces</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>ETT% (%1)</source>
        <translation>ETT% (%1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ETT%</source>
        <translation>ETT%</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU-hours (E2E)</source>
        <translation>Horas de GPU (E2E)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Hours (E2E)</source>
        <translation>Horas (E2E)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Lost GPU-hours</source>
        <translation>Horas de GPU perdidas</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Lost hours</source>
        <translation>Horas perdidas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of E2E not productive</source>
        <translation>%1 do E2E não produtivo</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>one per %1 GPU-h</source>
        <translation>uma a cada %1 GPU-h</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none</source>
        <translation>nenhuma</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Failures</source>
        <translation>Falhas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Preemptions</source>
        <translation>Preempções</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Other interruptions</source>
        <translation>Outras interrupções</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>maintenance, user, manual</source>
        <translation>manutenção, usuário, manual</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time to Start, p50</source>
        <translation>Tempo para Iniciar, p50</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+6"/>
        <source>p90 %1 · %2</source>
        <translation>p90 %1 · %2</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln recoveries</source>
        <translation>
            <numerusform>%Ln recuperação</numerusform>
            <numerusform>%Ln recuperações</numerusform>
        </translation>
    </message>
    <message>
        <location line="+141"/>
        <source>%1 %2 UTC: ETT% %3 (%4)
%5 E2E, %6
click: filter to this %1</source>
        <translation>%1 %2 UTC: ETT% %3 (%4)
%5 E2E, %6
clique: filtrar por este período (%1)</translation>
    </message>
    <message>
        <location line="-145"/>
        <source>TTS, p50</source>
        <translation>TTS, p50</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time to Recover, p50</source>
        <translation>Tempo para Recuperar, p50</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>TTR, p50</source>
        <translation>TTR, p50</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No checkpoint data</source>
        <translation>Sem dados de ponto de verificação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>jobs of %1: their lost progress is unknown (spec 5.3)</source>
        <translation>jobs de %1: o progresso perdido deles é desconhecido (espec. 5.3)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No checkpoints</source>
        <translation>Sem pontos de verif.</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Lost GPU-hours by bucket</source>
        <translation>Horas de GPU perdidas por categoria</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Lost hours by bucket</source>
        <translation>Horas perdidas por categoria</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>and %1 more buckets; click a bar of &quot;Where the time went&quot; for its intervals</source>
        <translation>e mais %1 categorias; clique numa barra de &quot;Para onde foi o tempo&quot; para ver seus intervalos</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>click a bar of &quot;Where the time went&quot; for its intervals</source>
        <translation>clique numa barra de &quot;Para onde foi o tempo&quot; para ver seus intervalos</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>%1: %2, %3 of E2E
click: the intervals behind it · double-click: drill-down sorted by %1</source>
        <translation>%1: %2, %3 do E2E
clique: os intervalos por trás · clique duplo: Detalhamento ordenado por %1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Where the time went</source>
        <translation>Para onde foi o tempo</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>ETT% per %1</source>
        <translation>ETT% por %1</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>week of</source>
        <translation>semana de</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>%1: %2 %3
click: the fleet&apos;s jobs sorted by %3</source>
        <translation>%1: %2 %3
clique: os jobs da frota ordenados por %3</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Jobs that lost the most GPU-hours</source>
        <translation>Jobs com mais GPU-h perdidas</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 (label %2%3, %4 GPUs)
%5: %6
lost in all: %7 · ETT% %8
click: open the job</source>
        <translation>%1 (rótulo %2%3, %4 GPUs)
%5: %6
perdido no total: %7 · ETT% %8
clique: abrir o job</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../app/ui/charts/advisor_charts.cpp" line="+52"/>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 d</source>
        <translation>%1 d</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>Waste vs checkpoint interval: %1</source>
        <translation>Desperdício vs. intervalo entre pontos de verificação: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>: no advice</source>
        <translation>: sem recomendação</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>waste I/(2M) + b/I</source>
        <translation>desperdício I/(2M) + b/I</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>waste, % of loop time</source>
        <translation>desperdício, % do loop</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>optimum %1: %2</source>
        <translation>ótimo %1: %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>current %1: %2</source>
        <translation>atual %1: %2</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>checkpoint interval I (log scale)</source>
        <translation>intervalo entre pontos de verificação I (escala log)</translation>
    </message>
    <message>
        <location filename="../app/ui/pages/advisor_page.cpp" line="-415"/>
        <source>fleet only</source>
        <translation>só a frota</translation>
    </message>
    <message>
        <location filename="../app/report/report_writer.cpp" line="+415"/>
        <location line="+85"/>
        <location line="+273"/>
        <source>job</source>
        <translation>job</translation>
    </message>
    <message>
        <location filename="../app/ui/pages/advisor_page.cpp" line="+2"/>
        <source>dataset label</source>
        <translation>rótulo do conjunto de dados</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/ui/pages/causes_page.cpp" line="-379"/>
        <source>Mean over %1 of %Ln interruption(s): the others never trained again</source>
        <translation>
            <numerusform>Média sobre %1 de %Ln interrupção: as demais nunca voltaram a treinar</numerusform>
            <numerusform>Média sobre %1 de %Ln interrupções: as demais nunca voltaram a treinar</numerusform>
        </translation>
    </message>
    <message>
        <location line="+18"/>
        <source>cause %1</source>
        <translation>causa %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>(none)</source>
        <translation>(nenhum)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>symptom %1</source>
        <translation>sintoma %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>detail /%1/</source>
        <translation>detalhe /%1/</translation>
    </message>
    <message>
        <location filename="../app/ui/charts/compare_charts.cpp" line="-200"/>
        <location filename="../app/report/report_writer.cpp" line="-357"/>
        <location line="+210"/>
        <location line="+62"/>
        <source>ETT%</source>
        <translation>ETT%</translation>
    </message>
    <message>
        <location line="+142"/>
        <source>duration (%1)%2</source>
        <translation>duração (%1)%2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>, log scale</source>
        <translation>, escala log</translation>
    </message>
    <message>
        <location line="+103"/>
        <source>Bridge from ETT% of A to B by bucket (%1)</source>
        <translation>Ponte do ETT% de A para B por categoria (%1)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>: a cohort has no E2E</source>
        <translation>: uma coorte não tem E2E</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>ETT% of %1</source>
        <translation>ETT% de %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ETT% of %1: %2% (exactly %3%)</source>
        <translation>ETT% de %1: %2% (exatamente %3%)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1: %2 pp of ETT% (exactly %3 pp)
share of E2E: %4 in A, %5 in B
%6</source>
        <translation>%1: %2 pp de ETT% (exatamente %3 pp)
fração do E2E: %4 em A, %5 em B
%6</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>B spends less of its E2E here: ETT% goes up</source>
        <translation>B gasta menos do seu E2E aqui: o ETT% sobe</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>B spends more of its E2E here: ETT% goes down</source>
        <translation>B gasta mais do seu E2E aqui: o ETT% cai</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>%1: cumulative share of each cohort</source>
        <translation>%1: fração acumulada de cada coorte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: share of each cohort per bin</source>
        <translation>%1: fração de cada coorte por faixa</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: ranked on the store; see Table of changes</source>
        <translation>%1: classificado no repositório; veja Tabela de variações</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (no samples)</source>
        <translation> (sem amostras)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 (n = %2)</source>
        <translation>%1 (n = %2)</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>%1 · run %2 of %3 in A, %4 in B</source>
        <translation>%1 · execução %2 de %3 em A, %4 em B</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Paired one to one: %1 of A with %2 of B, the n-th job of a %3 by start time with the n-th.</source>
        <translation>Pareados um a um: %1 de A com %2 de B, o n-ésimo job de um(a) %3 por início com o n-ésimo.</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>%Ln value(s) of the %1 hold several jobs on a side.</source>
        <translation>
            <numerusform>%Ln valor de %1 tem vários jobs em um lado.</numerusform>
            <numerusform>%Ln valores de %1 têm vários jobs em um lado.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Not paired: A %1 (%2 without a counterpart, %3 beyond B&apos;s runs), B %4 (%5 without a counterpart, %6 beyond A&apos;s runs).</source>
        <translation>Sem par: A %1 (%2 sem correspondente, %3 além das execuções de B), B %4 (%5 sem correspondente, %6 além das execuções de A).</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>%Ln pair(s) without time in a cohort&apos;s range are not ranked.</source>
        <translation>
            <numerusform>%Ln par sem tempo no intervalo de uma coorte não é classificado.</numerusform>
            <numerusform>%Ln pares sem tempo no intervalo de uma coorte não são classificados.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/ui/models/compare_models.cpp" line="-322"/>
        <source>Distribution</source>
        <translation>Distribuição</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>n A / B</source>
        <translation>n A / B</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../app/report/report_writer.cpp" line="+53"/>
        <source>p50 A</source>
        <translation>p50 A</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../app/report/report_writer.cpp" line="+0"/>
        <source>p50 B</source>
        <translation>p50 B</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../app/report/report_writer.cpp" line="+1"/>
        <source>p50 change</source>
        <translation>variação p50</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>p90 A</source>
        <translation>p90 A</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>p90 B</source>
        <translation>p90 B</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../app/report/report_writer.cpp" line="+0"/>
        <source>p90 change</source>
        <translation>variação p90</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>p99 A</source>
        <translation>p99 A</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>p99 B</source>
        <translation>p99 B</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../app/report/report_writer.cpp" line="+1"/>
        <source>p99 change</source>
        <translation>variação p99</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cause class</source>
        <translation>Classe de causa</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Failures A → B</source>
        <translation>Falhas A → B</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Preemptions A → B</source>
        <translation>Preempções A → B</translation>
    </message>
    <message>
        <location line="+6"/>
        <location filename="../app/ui/window/import_options.cpp" line="+65"/>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../app/report/report_writer.cpp" line="+30"/>
        <source>ETT% A</source>
        <translation>ETT% A</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../app/report/report_writer.cpp" line="+1"/>
        <source>ETT% B</source>
        <translation>ETT% B</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change</source>
        <translation>Alteração</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Lost A</source>
        <translation>Perdido A</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Lost B</source>
        <translation>Perdido B</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Not alike</source>
        <translation>Diferenças</translation>
    </message>
    <message>
        <location line="+340"/>
        <source>Time to Recover from A to B: a cohort has no interruption that trained again.</source>
        <translation>Tempo para Recuperar de A para B: uma coorte não tem interrupção que voltou a treinar.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&lt;b&gt;Time to Recover&lt;/b&gt;, mean per recovery: A %1 (%2) → %3 → B %4 (%5)</source>
        <translation>&lt;b&gt;Tempo para Recuperar&lt;/b&gt;, média por recuperação: A %1 (%2) → %3 → B %4 (%5)</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <location line="+2"/>
        <location filename="../app/report/report_writer.cpp" line="-121"/>
        <location line="+6"/>
        <source>%Ln recoveries</source>
        <translation>
            <numerusform>%Ln recuperação</numerusform>
            <numerusform>%Ln recuperações</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/ui/data/import_lines.cpp" line="+67"/>
        <source>%1: skipped (import cancelled)</source>
        <translation>%1: ignorado (importação cancelada)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: cancelled; nothing of it was stored</source>
        <translation>%1: cancelado; nada dele foi armazenado</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: failed; nothing of it was stored</source>
        <translation>%1: falhou; nada dele foi armazenado</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>%1 imported</source>
        <translation>importados: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 read again</source>
        <translation>%1 lidos de novo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 read with another file</source>
        <translation>lidos com outro arquivo: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 already imported</source>
        <translation>já importados: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 skipped (not traces)</source>
        <translation>ignorados (não são traces): %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 failed</source>
        <translation>com falha: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 cancelled</source>
        <translation>cancelados: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 not read (import cancelled)</source>
        <translation>não lidos (importação cancelada): %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 files: %2</source>
        <translation>%1 arquivos: %2</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1: skipped, not a trace this version reads: %2</source>
        <translation>%1: ignorado, não é um trace que esta versão lê: %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: already imported under label &apos;%2&apos;; nothing changed</source>
        <translation>%1: já importado sob o rótulo &apos;%2&apos;; nada mudou</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: already imported under label &apos;%2&apos; as %3; its records are this path&apos;s now</source>
        <translation>%1: já importado sob o rótulo &apos;%2&apos; como %3; seus registros agora são deste caminho</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: read with %2 (one NVRx job)</source>
        <translation>%1: lido com %2 (um job NVRx)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2 under label &apos;%3&apos; (%4, %5, %6) in %7 s</source>
        <translation>%1: %2 sob o rótulo &apos;%3&apos; (%4, %5, %6) em %7 s</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>; read again: %1</source>
        <translation>; lido de novo: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>; in place of its earlier import</source>
        <translation>; no lugar da sua importação anterior</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>; imported before as %1</source>
        <translation>; importado antes como %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>; %1 (View &gt; Import issues)</source>
        <translation>; %1 (Exibir &gt; Problemas de importação)</translation>
    </message>
    <message>
        <location filename="../app/ui/data/data_worker.cpp" line="+143"/>
        <location line="+14"/>
        <location line="+132"/>
        <location line="+58"/>
        <location line="+44"/>
        <location line="+21"/>
        <location line="+20"/>
        <location line="+37"/>
        <location filename="../app/ui/data/data_worker_files.cpp" line="+69"/>
        <location line="+38"/>
        <source>no database is open</source>
        <translation>nenhum banco de dados está aberto</translation>
    </message>
    <message>
        <location line="-316"/>
        <source>%1 is not made from a fleet store yet: open a database holding the same files</source>
        <translation>%1: ainda indisponível a partir de um repositório da frota; abra um banco de dados com os mesmos arquivos</translation>
    </message>
    <message>
        <location line="+114"/>
        <source>Connected as &apos;%1&apos;, who may write to the store: the window only reads, but a read-only user is safer (readonly = 1 in the user&apos;s profile).</source>
        <translation>Conectado como &apos;%1&apos;, que pode gravar no repositório: a janela só lê, mas um usuário somente leitura é mais seguro (readonly = 1 no perfil do usuário).</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Nothing was imported.</source>
        <translation>Nada foi importado.</translation>
    </message>
    <message>
        <location line="+163"/>
        <source>Label &apos;%1&apos; was removed, but the data could not be loaded again: %2</source>
        <translation>O rótulo &apos;%1&apos; foi removido, mas não foi possível recarregar os dados: %2</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Label &apos;%1&apos; was restored, but the data could not be loaded again: %2</source>
        <translation>O rótulo &apos;%1&apos; foi restaurado, mas não foi possível recarregar os dados: %2</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>overview</source>
        <translation>visão geral</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>table</source>
        <translation>tabela</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>job timeline</source>
        <translation>linha do tempo do job</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>intervals of a bucket</source>
        <translation>intervalos de uma categoria</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>fleet timeline</source>
        <translation>linha do tempo da frota</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>fleet density</source>
        <translation>densidade da frota</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>comparison</source>
        <translation>comparação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>comparing</source>
        <translation>comparando</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>checkpoint advice</source>
        <translation>recomendação de ponto de verificação</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+7"/>
        <source>report</source>
        <translation>relatório</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>The report</source>
        <translation>O relatório</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>A what-if projection</source>
        <translation>Uma projeção E se</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>what-if</source>
        <translation>e se</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>search</source>
        <translation>busca</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+7"/>
        <source>ranks</source>
        <translation>ranks</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>The ranks of a job</source>
        <translation>Os ranks de um job</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+7"/>
        <source>hosts</source>
        <translation>hosts</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>The hosts ranking</source>
        <translation>A classificação dos hosts</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The list of import issues</source>
        <translation>A lista de problemas de importação</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>import issues</source>
        <translation>problemas de importação</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The list of imported files</source>
        <translation>A lista de arquivos importados</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>imported files</source>
        <translation>arquivos importados</translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+7"/>
        <source>causes</source>
        <translation>causas</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>The causes table</source>
        <translation>A tabela de causas</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cause rules</source>
        <translation>Regras de causa</translation>
    </message>
    <message>
        <location line="+34"/>
        <location line="+10"/>
        <location line="+35"/>
        <source>A saved scenario</source>
        <translation>Um cenário salvo</translation>
    </message>
    <message>
        <location line="-25"/>
        <source>Scenario &apos;%1&apos; was saved, but the list could not be read: </source>
        <translation>O cenário &apos;%1&apos; foi salvo, mas não foi possível ler a lista: </translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Excluded windows</source>
        <translation>Janelas excluídas</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Scenario &apos;%1&apos; was deleted, but the list could not be read: </source>
        <translation>O cenário &apos;%1&apos; foi excluído, mas não foi possível ler a lista: </translation>
    </message>
    <message>
        <location filename="../app/ui/widgets/details_panel.cpp" line="-901"/>
        <source>counted as a failure</source>
        <translation>conta como falha</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>counted as a preemption</source>
        <translation>conta como preempção</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>counted as another interruption</source>
        <translation>conta como outra interrupção</translation>
    </message>
    <message>
        <location line="+174"/>
        <source>%1
%2 to %3 UTC
duration %4</source>
        <translation>%1
%2 a %3 UTC
duração %4</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Start (RFC 3339)</source>
        <translation>Início (RFC 3339)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Duration s</source>
        <translation>Duração s</translation>
    </message>
    <message>
        <location line="+10"/>
        <location filename="../app/ui/window/import_options.cpp" line="+1"/>
        <source>Attempt</source>
        <translation>Tentativa</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start (UTC)</source>
        <translation>Início (UTC)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Duration</source>
        <translation>Duração</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Phase</source>
        <translation>Fase</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../app/ui/window/import_options.cpp" line="+0"/>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <location filename="../app/ui/dialogs/dialogs.cpp" line="-528"/>
        <source>no files</source>
        <translation>nenhum arquivo</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>every trace in the folder %1 and its subfolders</source>
        <translation>cada trace da pasta %1 e de suas subpastas</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 and %2</source>
        <translation>%1 e %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 and %2 more files</source>
        <translation>%1 e mais %2 arquivos</translation>
    </message>
    <message>
        <location filename="../app/ui/pages/drilldown_page.cpp" line="-514"/>
        <source>Jobs of the fleet</source>
        <translation>Jobs da frota</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fleet by %1</source>
        <translation>Frota por %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Jobs with %1 = %2</source>
        <translation>Jobs com %1 = %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Attempts of the job</source>
        <translation>Tentativas do job</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Attempt %1</source>
        <translation>Tentativa %1</translation>
    </message>
    <message>
        <location filename="../app/ui/dialogs/shortcuts_dialog.cpp" line="+60"/>
        <location filename="../app/ui/export/exporters.cpp" line="+80"/>
        <location line="+283"/>
        <source>Timeline</source>
        <translation>Linha do tempo</translation>
    </message>
    <message>
        <location filename="../app/ui/export/exporters.cpp" line="-255"/>
        <source>ETT Workbench, %1</source>
        <translation>ETT Workbench, %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: cannot write: the table has no model</source>
        <translation>%1: não é possível gravar: a tabela não tem modelo</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>PNG image (*.png)</source>
        <translation>Imagem PNG (*.png)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SVG drawing (*.svg)</source>
        <translation>Desenho SVG (*.svg)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CSV table (*.csv)</source>
        <translation>Tabela CSV (*.csv)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Export %1</source>
        <translation>Exportar %1</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Export failed</source>
        <translation>Falha na exportação</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Exported to %1</source>
        <translation>Exportado para %1</translation>
    </message>
    <message>
        <location filename="../app/ui/charts/compare_charts.cpp" line="-169"/>
        <location filename="../app/ui/export/exporters.cpp" line="+90"/>
        <source>all jobs</source>
        <translation>todos os jobs</translation>
    </message>
    <message>
        <location filename="../app/ui/export/exporters.cpp" line="+1"/>
        <source>filter: %1</source>
        <translation>filtro: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (queue counted)</source>
        <translation> (fila contada)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Export as PNG…</source>
        <translation>Exportar como PNG…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export as SVG…</source>
        <translation>Exportar como SVG…</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Export as CSV…</source>
        <translation>Exportar como CSV…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export as JSON…</source>
        <translation>Exportar como JSON…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Copy the selected rows (all rows when none is) with the header</source>
        <translation>Copiar as linhas selecionadas (todas, se nenhuma estiver) com o cabeçalho</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Export view as PNG…</source>
        <translation>Exportar visualização como PNG…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export view as SVG…</source>
        <translation>Exportar visualização como SVG…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export all rows as PNG…</source>
        <translation>Exportar todas as linhas como PNG…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export all rows as SVG…</source>
        <translation>Exportar todas as linhas como SVG…</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>nothing to export here</source>
        <translation>nada a exportar aqui</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>this exports as %1, not &quot;%2&quot;</source>
        <translation>isto exporta como %1, não &quot;%2&quot;</translation>
    </message>
    <message>
        <location filename="../app/ui/export/image_export.cpp" line="+81"/>
        <source>the chart has no size (it was never laid out)</source>
        <translation>o gráfico não tem tamanho (nunca foi disposto)</translation>
    </message>
    <message>
        <location line="+115"/>
        <location line="+73"/>
        <source>an image of %1 × %2 pixels is too large</source>
        <translation>uma imagem de %1 × %2 pixels é grande demais</translation>
    </message>
    <message>
        <location line="-38"/>
        <location line="+74"/>
        <source>cannot draw into an SVG</source>
        <translation>não é possível desenhar em um SVG</translation>
    </message>
    <message>
        <location line="-53"/>
        <location line="+40"/>
        <source>the timeline has no size</source>
        <translation>a linha do tempo não tem tamanho</translation>
    </message>
    <message>
        <location line="-32"/>
        <source>%1 × %2 pixels is too large for a PNG: export the view, or as SVG</source>
        <translation>%1 × %2 pixels é grande demais para um PNG: exporte a visualização, ou como SVG</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>ETT Workbench timeline, %1 to %2</source>
        <translation>Linha do tempo do ETT Workbench, %1 a %2</translation>
    </message>
    <message>
        <location filename="../app/ui/window/import_options.cpp" line="-2"/>
        <source>Format</source>
        <translation>Formato</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mapping file</source>
        <translation>Arquivo de mapeamento</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Timezone</source>
        <translation>Fuso horário</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Year</source>
        <translation>Ano</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs per node</source>
        <translation>GPUs por nó</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replace files that changed since their import</source>
        <translation>Substituir os arquivos alterados desde a importação</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Tick &quot;%1&quot; in the import dialog (File &gt; Import traces...) and import the file again.</source>
        <translation>Marque &quot;%1&quot; no diálogo de importação (Arquivo &gt; Importar traces...) e importe o arquivo de novo.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Set %1 under Options in the import dialog (File &gt; Import traces...) and import the file again.</source>
        <translation>Defina %1 em Opções no diálogo de importação (Arquivo &gt; Importar traces...) e importe o arquivo de novo.</translation>
    </message>
    <message>
        <location filename="../app/ui/dialogs/intervals_dialog.cpp" line="-99"/>
        <source>(queue)</source>
        <translation>(fila)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (gap after)</source>
        <translation>%1 (lacuna depois)</translation>
    </message>
    <message>
        <location filename="../app/ui/window/main_window_files.cpp" line="-721"/>
        <source>Traces: ETT, PyTorch profiler / Chrome, Nsight SQLite, MLPerf, logs, job tables (*.ett.jsonl *.ett.jsonl.gz *.ett.jsonl.zst *.jsonl *.jsonl.gz *.jsonl.zst *.json *.json.gz *.gz *.zst *.sqlite *.txt *.log *.csv)</source>
        <translation>Traces: ETT, PyTorch profiler / Chrome, Nsight SQLite, MLPerf, logs, tabelas de jobs (*.ett.jsonl *.ett.jsonl.gz *.ett.jsonl.zst *.jsonl *.jsonl.gz *.jsonl.zst *.json *.json.gz *.gz *.zst *.sqlite *.txt *.log *.csv)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Workbench databases (*.db *.sqlite)</source>
        <translation>Bancos de dados do Workbench (*.db *.sqlite)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>All files (*)</source>
        <translation>Todos os arquivos (*)</translation>
    </message>
    <message>
        <location filename="../app/ui/window/main_window_store.cpp" line="-54"/>
        <source>Querying the store… (Esc: stop)</source>
        <translation>Consultando o repositório… (Esc: parar)</translation>
    </message>
    <message>
        <location filename="../app/ui/widgets/matched_timelines.cpp" line="-275"/>
        <source>wheel: zoom both · drag: pan both · right-drag: zoom to a range · hover: exact times</source>
        <translation>roda: zoom em ambos · arrastar: deslocar ambos · arrastar com botão direito: zoom num intervalo · passar o mouse: tempos exatos</translation>
    </message>
    <message>
        <location filename="../app/ui/charts/overview_charts.cpp" line="-175"/>
        <location filename="../app/ui/models/whatif_results.cpp" line="+149"/>
        <source>failures</source>
        <translation>falhas</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../app/ui/models/whatif_results.cpp" line="+1"/>
        <source>preemptions</source>
        <translation>preempções</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>other interruptions</source>
        <translation>outras interrupções</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Where the time went (% of E2E, %1)</source>
        <translation>Para onde foi o tempo (% do E2E, %1)</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>ETT% per %1 (%2)</source>
        <translation>ETT% por %1 (%2)</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+14"/>
        <location line="+2"/>
        <source>week</source>
        <translation>semana</translation>
    </message>
    <message>
        <location line="-16"/>
        <location line="+14"/>
        <location line="+2"/>
        <source>day</source>
        <translation>dia</translation>
    </message>
    <message>
        <location line="-63"/>
        <location line="+55"/>
        <location line="+132"/>
        <location line="+59"/>
        <location line="+91"/>
        <source>: no data</source>
        <translation>: sem dados</translation>
    </message>
    <message>
        <location line="-287"/>
        <source>: reading the segments…</source>
        <translation>: lendo os segmentos…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>per %1</source>
        <translation>por %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ETT%, click a point to select its %1</source>
        <translation>ETT%, clique num ponto para selecionar o período (%1)</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>all %1</source>
        <translation>geral %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>whole selection %1</source>
        <translation>toda a seleção %1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>rolling %1</source>
        <translation>janela móvel de %1</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>Interruptions by cause class</source>
        <translation>Interrupções por causa</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>: none</source>
        <translation>: nenhuma</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>other</source>
        <translation>outras</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Jobs that lost the most GPU-hours, by bucket</source>
        <translation>Jobs com mais GPU-h perdidas, por categoria</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Jobs that lost the most GPU-hours: lost hours by bucket</source>
        <translation>Jobs com mais GPU-h perdidas: horas perdidas por categoria</translation>
    </message>
    <message>
        <location line="+76"/>
        <source>lost %1, millions</source>
        <translation>%1 perdidas, milhões</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lost %1, thousands</source>
        <translation>%1 perdidas, milhares</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lost %1</source>
        <translation>%1 perdidas</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>seconds</source>
        <translation>segundos</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>hours</source>
        <translation>horas</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>minutes</source>
        <translation>minutos</translation>
    </message>
    <message>
        <location line="+58"/>
        <location filename="../app/report/report_writer.cpp" line="-286"/>
        <location line="+194"/>
        <source>count</source>
        <translation>quantidade</translation>
    </message>
    <message>
        <location filename="../app/ui/pages/page_widgets.cpp" line="+197"/>
        <source>All time</source>
        <translation>Tudo</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>From (inclusive, UTC)</source>
        <translation>De (inclusive, UTC)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>To (exclusive, UTC)</source>
        <translation>Até (exclusivo, UTC)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>UTC</source>
        <translation>UTC</translation>
    </message>
    <message>
        <location line="+3"/>
        <location filename="../app/report/report_writer.cpp" line="-151"/>
        <source>GPUs</source>
        <translation>GPUs</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>any</source>
        <translation>todas</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Fewest GPUs of a job (&quot;any&quot;: no lower bound)</source>
        <translation>Mínimo de GPUs de um job (&quot;qualquer&quot;: sem limite inferior)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Most GPUs of a job (&quot;any&quot;: no upper bound)</source>
        <translation>Máximo de GPUs de um job (&quot;qualquer&quot;: sem limite superior)</translation>
    </message>
    <message>
        <location filename="../app/ui/dialogs/shortcuts_dialog.cpp" line="+1"/>
        <source>Tables and charts</source>
        <translation>Tabelas e gráficos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What-if</source>
        <translation>E se</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom in / out at the centre</source>
        <translation>Ampliar / reduzir no centro</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom at the cursor</source>
        <translation>Zoom no cursor</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>mouse wheel</source>
        <translation>roda do mouse</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pan by a tenth of the width</source>
        <translation>Deslocar um décimo da largura</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>A, D, Left, Right</source>
        <translation>A, D, Left, Right</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pan</source>
        <translation>Deslocar</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>drag, horizontal wheel</source>
        <translation>arrastar, roda horizontal</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scroll the rows</source>
        <translation>Rolar as linhas</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Up, Down, PgUp, PgDown, Shift+wheel</source>
        <translation>Up, Down, PgUp, PgDown, Shift+roda</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom to a time range</source>
        <translation>Zoom num intervalo de tempo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>right drag, Shift+drag</source>
        <translation>arrastar com botão direito, Shift+arrastar</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fit the whole timeline</source>
        <translation>Ajustar a linha do tempo inteira</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open a job (fleet view) or an attempt (job view)</source>
        <translation>Abrir um job (visão da frota) ou uma tentativa (visão do job)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>double-click</source>
        <translation>clique duplo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export the focused chart, table or timeline</source>
        <translation>Exportar o gráfico, a tabela ou a linha do tempo em foco</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy the selected rows of a table (with its header)</source>
        <translation>Copiar as linhas selecionadas de uma tabela (com o cabeçalho)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open the row (drill-down)</source>
        <translation>Abrir a linha (Detalhamento)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>double-click, Enter</source>
        <translation>clique duplo, Enter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>List the intervals behind a bucket&apos;s cell (drill-down)</source>
        <translation>Listar os intervalos por trás da célula de uma categoria (Detalhamento)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Undo the deletion of a saved scenario</source>
        <translation>Desfazer a exclusão de um cenário salvo</translation>
    </message>
    <message>
        <location filename="../app/ui/export/table_export.cpp" line="+173"/>
        <source>column %1</source>
        <translation>coluna %1</translation>
    </message>
    <message>
        <location line="+210"/>
        <source>E2E %1</source>
        <translation>E2E %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../app/report/report_writer.cpp" line="-133"/>
        <source>ETT% (%1)</source>
        <translation>ETT% (%1)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Lost %1</source>
        <translation>Perdido %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../app/ui/models/whatif_results.cpp" line="-62"/>
        <source>Failures</source>
        <translation>Falhas</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../app/ui/models/whatif_results.cpp" line="+1"/>
        <source>Preemptions</source>
        <translation>Preempções</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Other interruptions</source>
        <translation>Outras interrupções</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTS p50 s</source>
        <translation>TTS p50 s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTR p50 s</source>
        <translation>TTR p50 s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTR detect p50 s</source>
        <translation>TTR detecção p50 s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTR restart p50 s</source>
        <translation>TTR reinício p50 s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TTR start-up p50 s</source>
        <translation>TTR retomada p50 s</translation>
    </message>
    <message>
        <location filename="../app/ui/models/whatif_results.cpp" line="-2"/>
        <source>Jobs</source>
        <translation>Jobs</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>E2E GPU-h</source>
        <translation>E2E GPU-h</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The interval change did not apply to %1 (no measured interval, blocking per save or interruption).</source>
        <translation>A mudança de intervalo não se aplicou a %1 (sem intervalo medido, bloqueio por gravação ou interrupção).</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/ui/charts/compare_charts.cpp" line="+154"/>
        <location line="+1"/>
        <location filename="../app/ui/models/whatif_results.cpp" line="+2"/>
        <location filename="../app/report/report_writer.cpp" line="-160"/>
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
        <location filename="../app/ui/models/whatif_results.cpp" line="-6"/>
        <source>%Ln attempt(s) · %1 saved in all · projections keep every job and its training</source>
        <translation>
            <numerusform>%Ln tentativa · %1 economizadas no total · as projeções mantêm cada job e seu treinamento</numerusform>
            <numerusform>%Ln tentativas · %1 economizadas no total · as projeções mantêm cada job e seu treinamento</numerusform>
        </translation>
    </message>
    <message>
        <location line="+25"/>
        <source>ETT% today → projected (%1) · %2</source>
        <translation>ETT% hoje → projetado (%1) · %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Exactly %1% today, %2% projected</source>
        <translation>Exatamente %1% hoje, %2% projetado</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2 (%3)</source>
        <translation>%1: %2 (%3)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Bridge from ETT% today to projected, a bar per change (%1)</source>
        <translation>Ponte do ETT% de hoje ao projetado, uma barra por alteração (%1)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>interruptions</source>
        <translation>interrupções</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>checkpoint interval</source>
        <translation>intervalo entre pontos de verificação</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 = optimum</source>
        <translation>%1 = ótimo</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 = %2 s</source>
        <translation>%1 = %2 s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 x%2</source>
        <translation>%1 ×%2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>ETT% %1</source>
        <translation>ETT% %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ETT% %1: %2 (exactly %3%)</source>
        <translation>ETT% %1: %2 (exatamente %3%)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>today</source>
        <translation>hoje</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>projected</source>
        <translation>projetado</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: %2 of ETT% (exactly %3 pp)
%4 %5 (%6)</source>
        <translation>%1: %2 de ETT% (exatamente %3 pp)
%4 %5 (%6)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>saves</source>
        <translation>economiza</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>adds</source>
        <translation>acrescenta</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%Ln attempt(s) changed</source>
        <translation>
            <numerusform>%Ln tentativa alterada</numerusform>
            <numerusform>%Ln tentativas alteradas</numerusform>
        </translation>
    </message>
    <message>
        <location line="+48"/>
        <source>all changes</source>
        <translation>todas as alterações</translation>
    </message>
    <message>
        <location filename="../app/report/report_layout.h" line="+285"/>
        <source>Page %1 of %2</source>
        <translation>Página %1 de %2</translation>
    </message>
    <message>
        <location filename="../app/report/report_writer.cpp" line="-634"/>
        <source>Where the training time went</source>
        <translation>Para onde foi o tempo de treinamento</translation>
    </message>
    <message>
        <location line="+72"/>
        <source>ETT Workbench report · Effective Training Time: the share of end-to-end time spent training on new data</source>
        <translation>Relatório do ETT Workbench · Tempo Efetivo de Treinamento: a fração do tempo de ponta a ponta gasta treinando com dados novos</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Scope: %1 · %2 · %3</source>
        <translation>Escopo: %1 · %2 · %3</translation>
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
        <translation>Os números principais somam %1 conjuntos de dados: %2.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Compared: A %1 (%2) · B %3 (%4)</source>
        <translation>Comparado: A %1 (%2) · B %3 (%4)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Weighting: %1. %2</source>
        <translation>Ponderação: %1. %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every second of an attempt counts once per GPU it held.</source>
        <translation>Cada segundo de uma tentativa conta uma vez por GPU que ela ocupou.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every second counts once, whatever the job&apos;s size.</source>
        <translation>Cada segundo conta uma vez, qualquer que seja o tamanho do job.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> Queue time before the first attempt is counted.</source>
        <translation> O tempo de fila antes da primeira tentativa é contado.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> Queue time before the first attempt is not counted.</source>
        <translation> O tempo de fila antes da primeira tentativa não é contado.</translation>
    </message>
    <message numerus="yes">
        <location line="+20"/>
        <source>Excluded windows: %Ln window(s) (%2), %1 hours of wall time, are left out of end-to-end time and of every bucket: %3 GPU-hours of these jobs. Interruptions, Time to Start and Time to Recover are counted as they were.</source>
        <translation>
            <numerusform>Janelas excluídas: %Ln janela (%2), %1 horas de tempo de relógio, fica fora do tempo de ponta a ponta e de todos os buckets: %3 GPU-horas destes jobs. Interrupções, Time to Start e Time to Recover são contadas como eram.</numerusform>
            <numerusform>Janelas excluídas: %Ln janelas (%2), %1 horas de tempo de relógio, ficam fora do tempo de ponta a ponta e de todos os buckets: %3 GPU-horas destes jobs. Interrupções, Time to Start e Time to Recover são contadas como eram.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Generated %1 by ETT Workbench %2 (aggregation on %3) from %4</source>
        <translation>Gerado em %1 pelo ETT Workbench %2 (agregação em %3) a partir de %4</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Contents</source>
        <translation>Sumário</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>section</source>
        <translation>seção</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>page</source>
        <translation>página</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Provenance: the datasets pushed to the fleet store</source>
        <translation>Procedência: os conjuntos de dados enviados ao repositório da frota</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Provenance: the files imported into the database</source>
        <translation>Procedência: os arquivos importados para o banco de dados</translation>
    </message>
    <message>
        <location line="+15"/>
        <location line="+17"/>
        <location line="+190"/>
        <location line="+150"/>
        <source>label</source>
        <translation>rótulo</translation>
    </message>
    <message>
        <location line="-356"/>
        <location line="+61"/>
        <location line="+295"/>
        <source>file</source>
        <translation>arquivo</translation>
    </message>
    <message>
        <location line="-355"/>
        <location line="+16"/>
        <source>format</source>
        <translation>formato</translation>
    </message>
    <message>
        <location line="-16"/>
        <location line="+17"/>
        <location line="+43"/>
        <source>records</source>
        <translation>registros</translation>
    </message>
    <message>
        <location line="-59"/>
        <location line="+60"/>
        <source>SHA-256</source>
        <translation>SHA-256</translation>
    </message>
    <message numerus="yes">
        <location line="-36"/>
        <source>%Ln file(s), grouped by label and format; each file with its SHA-256 is listed in the last section, “%1”.</source>
        <translation>
            <numerusform>%Ln arquivo, agrupado por rótulo e formato; cada arquivo, com seu SHA-256, está listado na última seção, “%1”.</numerusform>
            <numerusform>%Ln arquivos, agrupados por rótulo e formato; cada arquivo, com seu SHA-256, está listado na última seção, “%1”.</numerusform>
        </translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Headline figures</source>
        <translation>Números principais</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lost</source>
        <translation>Perdido</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>of %1 end to end</source>
        <translation>de %1 de ponta a ponta</translation>
    </message>
    <message>
        <location filename="../app/ui/charts/overview_charts.cpp" line="-221"/>
        <location filename="../app/report/report_writer.cpp" line="+1"/>
        <source>Interruptions</source>
        <translation>Interrupções</translation>
    </message>
    <message>
        <location filename="../app/report/report_writer.cpp" line="+2"/>
        <source>Time to start, p50</source>
        <translation>Tempo para iniciar, p50</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source>p90 %1</source>
        <translation>p90 %1</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Time to recover, p50</source>
        <translation>Tempo para recuperar, p50</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Where the time went, bucket by bucket (spec 5: every nanosecond of a job&apos;s end-to-end window is in exactly one bucket)</source>
        <translation>Para onde foi o tempo, categoria por categoria (espec. 5: cada nanossegundo da janela de ponta a ponta de um job está em exatamente uma categoria)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>end to end</source>
        <translation>de ponta a ponta</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>bucket</source>
        <translation>categoria</translation>
    </message>
    <message>
        <location filename="../app/ui/charts/compare_charts.cpp" line="-213"/>
        <location filename="../app/report/report_writer.cpp" line="+1"/>
        <source>share</source>
        <translation>fração</translation>
    </message>
    <message>
        <location filename="../app/report/report_writer.cpp" line="+13"/>
        <source>ETT% over time, interruptions and recovery</source>
        <translation>ETT% ao longo do tempo, interrupções e recuperação</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>ETT% per week</source>
        <translation>ETT% por semana</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ETT% per hour</source>
        <translation>ETT% por hora</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ETT% per day</source>
        <translation>ETT% por dia</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+2"/>
        <source>Time to start</source>
        <translation>Tempo para iniciar</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+2"/>
        <source>Time to recover</source>
        <translation>Tempo para recuperar</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>time to start (per job)</source>
        <translation>tempo para iniciar (por job)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>time to recover (per interruption)</source>
        <translation>tempo para recuperar (por interrupção)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  detect (fault to end)</source>
        <translation>  detecção (falha até o fim)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>  restart (end to next start)</source>
        <translation>  reinício (fim até o próximo início)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>  start-up (next start to training)</source>
        <translation>  retomada (próximo início até o treinamento)</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+367"/>
        <source>distribution</source>
        <translation>distribuição</translation>
    </message>
    <message>
        <location line="-369"/>
        <source>Percentiles are nearest-rank over the values counted (spec 5.4).</source>
        <translation>Os percentis são por posição mais próxima (nearest-rank) sobre os valores contados (espec. 5.4).</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Jobs that lost the most</source>
        <translation>Jobs que mais perderam</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No jobs in this scope.</source>
        <translation>Nenhum job neste escopo.</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>lost</source>
        <translation>perdido</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>most lost in</source>
        <translation>mais perdido em</translation>
    </message>
    <message>
        <location filename="../app/report/report_gantt.cpp" line="+166"/>
        <source>%1 (%2, %3 GPUs): ETT% %4, lost %5</source>
        <translation>%1 (%2, %3 GPUs): ETT% %4, perdido %5</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>%1, continued</source>
        <translation>%1, continuação</translation>
    </message>
    <message>
        <location filename="../app/report/report_writer.cpp" line="+9"/>
        <source>Checkpoint intervals</source>
        <translation>Intervalos entre pontos de verificação</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Measured per job: the time in the train loop (productive, lost progress and blocking saves), the interruptions in it and the mean time between them (M), the blocking time of a save (median b), and the interval actually used between durable checkpoints. The waste of the loop is modelled as I/(2M) unsaved plus b/I blocked (Young 1974); its optimum is sqrt(2bM). The gain is the waste saved at the optimum times the loop&apos;s share of end-to-end time (GPU-weighted).</source>
        <translation>Medido por job: o tempo no loop de treinamento (produtivo, progresso perdido e gravações bloqueantes), as interrupções nele e o tempo médio entre elas (M), o tempo de bloqueio de uma gravação (mediana b) e o intervalo realmente usado entre pontos de verificação duráveis. O desperdício do loop é modelado como I/(2M) não salvo mais b/I bloqueado (Young 1974); seu ótimo é sqrt(2bM). O ganho é o desperdício economizado no ótimo vezes a fração do loop no tempo de ponta a ponta (ponderado por GPU).</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Interval used</source>
        <translation>Intervalo usado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>median of %1</source>
        <translation>mediana de %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Optimum (Young)</source>
        <translation>Ótimo (Young)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Daly %1</source>
        <translation>Daly %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Waste of the loop</source>
        <translation>Desperdício do loop</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 at the optimum</source>
        <translation>%1 no ótimo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Projected gain</source>
        <translation>Ganho projetado</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ETT% points, fleet</source>
        <translation>pontos de ETT%, frota</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+55"/>
        <source>MTBI</source>
        <translation>MTBI</translation>
    </message>
    <message>
        <location line="-54"/>
        <source>save p50 %1</source>
        <translation>gravação p50 %1</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>lost high</source>
        <translation>perda alta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lost low</source>
        <translation>perda baixa</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>No job in this scope has interruptions, saves and an interval measured.</source>
        <translation>Nenhum job neste escopo tem interrupções, gravações e um intervalo medido.</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>interval</source>
        <translation>intervalo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>optimum</source>
        <translation>ótimo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>save</source>
        <translation>gravação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>waste</source>
        <translation>desperdício</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>at opt.</source>
        <translation>no ótimo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gain pp</source>
        <translation>ganho pp</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>GPU-h</source>
        <translation>GPU-h</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lost ratio</source>
        <translation>razão de perda</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>flag</source>
        <translation>alerta</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>%1 more flagged jobs are not listed; ettw advise --by job lists every job.</source>
        <translation>Mais %1 jobs com alerta não estão listados; ettw advise --by job lista todos os jobs.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>save: the median blocking time of a save. lost ratio: lost progress per interruption against half the interval. Above 2 (more than a whole interval lost) the job&apos;s checkpoints are probably not restorable when it thinks: flagged &quot;lost high&quot; (lost_progress_high).</source>
        <translation>gravação: o tempo mediano de bloqueio de uma gravação. razão de perda: progresso perdido por interrupção em relação a meio intervalo. Acima de 2 (mais de um intervalo inteiro perdido), os pontos de verificação do job provavelmente não são restauráveis quando ele supõe: alerta &quot;perda alta&quot; (lost_progress_high).</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Import issues</source>
        <translation>Problemas de importação</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No import issues: every file was read as it is.</source>
        <translation>Nenhum problema de importação: todos os arquivos foram lidos como estão.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Non-fatal data problems counted when the files were imported; the figures account for them as described. Data loss: part of the input was dropped or cut; warning: an assumption or a repair was made; info: noted for completeness.</source>
        <translation>Problemas de dados não fatais contados quando os arquivos foram importados; os números os levam em conta como descrito. data loss: parte da entrada foi descartada ou cortada; warning: foi feita uma suposição ou um reparo; info: registrado por completude.</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>severity</source>
        <translation>severidade</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>issue</source>
        <translation>problema</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>line</source>
        <translation>linha</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>example</source>
        <translation>exemplo</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>… and %1 more (ettw issues --db FILE lists them all).</source>
        <translation>… e mais %1 (ettw issues --db FILE lista todos).</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>What-if scenarios</source>
        <translation>Cenários E se</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No scenario is saved in this database. Save one on the What-if page (Ctrl+5) or with ettw whatif --scenario FILE --save; it is projected here on every report.</source>
        <translation>Nenhum cenário está salvo neste banco de dados. Salve um na página E se (Ctrl+5) ou com ettw whatif --scenario FILE --save; ele é projetado aqui em todo relatório.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Each scenario scales or replaces buckets, phase subcategories, interruptions or the checkpoint interval of its cohort&apos;s whole jobs, keeps their productive time, and projects ETT% from the time removed. The steps add up exactly from today to the projection (%1).</source>
        <translation>Cada cenário escala ou substitui categorias, subcategorias de fase, interrupções ou o intervalo entre pontos de verificação dos jobs inteiros da sua coorte, mantém o tempo produtivo deles e projeta o ETT% a partir do tempo removido. Os passos somam exatamente de hoje até a projeção (%1).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cohort: %1 · saved %2</source>
        <translation>Coorte: %1 · salvo em %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>every job</source>
        <translation>todos os jobs</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Could not be projected: %1</source>
        <translation>Não foi possível projetar: %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>ETT% today (%1)</source>
        <translation>ETT% hoje (%1)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> (%1 n/a)</source>
        <translation> (%1 n/a)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>ETT% projected</source>
        <translation>ETT% projetado</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+35"/>
        <location line="+66"/>
        <source>step</source>
        <translation>passo</translation>
    </message>
    <message>
        <location line="-100"/>
        <source>saved</source>
        <translation>economizado</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>changed</source>
        <translation>alterados</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Failures %1 today, %2 projected; preemptions %3 today, %4 projected. changed: attempts (jobs, for the interval) whose time changed; n/a: jobs without a measured interval, save or time between interruptions.</source>
        <translation>Falhas: %1 hoje, %2 projetadas; preempções: %3 hoje, %4 projetadas. alterados: tentativas (jobs, para o intervalo) cujo tempo mudou; n/a: jobs sem intervalo medido, gravação ou tempo entre interrupções.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Time to Recover from A to B</source>
        <translation>Tempo para Recuperar de A para B</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>mean of A (%1)</source>
        <translation>média de A (%1)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>mean of B (%1)</source>
        <translation>média de B (%1)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>change of the mean</source>
        <translation>variação da média</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Per recovery that trained again: detect (fault to the attempt&apos;s end), restart (to the next attempt&apos;s start), start-up (to training again). Means, because they add up: A&apos;s mean and the three steps give B&apos;s.</source>
        <translation>Por recuperação que voltou a treinar: detecção (da falha ao fim da tentativa), reinício (até o início da próxima tentativa), retomada (até voltar a treinar). Médias, porque se somam: a média de A mais os três passos dão a de B.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Comparison: A against B</source>
        <translation>Comparação: A contra B</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A: %1 (%2, %3 GPU-days)</source>
        <translation>A: %1 (%2, %3 dias de GPU)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>B: %1 (%2, %3 GPU-days)</source>
        <translation>B: %1 (%2, %3 dias de GPU)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>too few jobs</source>
        <translation>poucos jobs</translation>
    </message>
    <message>
        <location line="-530"/>
        <location line="+532"/>
        <source>%1 to %2</source>
        <translation>%1 a %2</translation>
    </message>
    <message>
        <location line="-344"/>
        <source>: ranked on the fleet store, percentiles below</source>
        <translation>: classificados no repositório da frota, percentis abaixo</translation>
    </message>
    <message>
        <location line="+113"/>
        <source>fleet</source>
        <translation>frota</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Jobs with the inputs for advice: %1 of %2; flagged: %3. The jobs with the most GPU-hours to gain, then the flagged ones:</source>
        <translation>Jobs com os dados para recomendação: %1 de %2; com alerta: %3. Os jobs com mais horas de GPU a ganhar, depois os com alerta:</translation>
    </message>
    <message>
        <location line="+229"/>
        <location line="+85"/>
        <source>change</source>
        <translation>variação</translation>
    </message>
    <message>
        <location line="-84"/>
        <source>%1% interval</source>
        <translation>intervalo de %1%</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU-weighted</source>
        <translation>Ponderado por GPU</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>time-weighted</source>
        <translation>ponderado por tempo</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The interval is a percentile bootstrap over jobs (%1 replicates, seed %2): each cohort&apos;s jobs are drawn with replacement and ETT% recomputed.</source>
        <translation>O intervalo é um bootstrap de percentis sobre os jobs (%1 réplicas, semente %2): os jobs de cada coorte são sorteados com reposição e o ETT% é recalculado.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Bridge from A to B (%1)</source>
        <translation>Ponte de A para B (%1)</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>ETT% of A</source>
        <translation>ETT% de A</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>ETT% of B</source>
        <translation>ETT% de B</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>percentage points</source>
        <translation>pontos percentuais</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A step is the change of a bucket&apos;s share of end-to-end time; less time lost in a bucket raises ETT%. The steps add up exactly from A to B.</source>
        <translation>Um passo é a variação da fração de uma categoria no tempo de ponta a ponta; menos tempo perdido numa categoria eleva o ETT%. Os passos somam exatamente de A para B.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Distributions</source>
        <translation>Distribuições</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>n A</source>
        <translation>n A</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>n B</source>
        <translation>n B</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Interruptions per 1,000 GPU-days</source>
        <translation>Interrupções por 1.000 dias de GPU</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>cause class</source>
        <translation>classe de causa</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>failures A</source>
        <translation>falhas A</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failures B</source>
        <translation>falhas B</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>preemptions A</source>
        <translation>preempções A</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>preemptions B</source>
        <translation>preempções B</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Matched jobs: largest regressions</source>
        <translation>Jobs pareados: maiores regressões</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Matched jobs: largest improvements</source>
        <translation>Jobs pareados: maiores melhorias</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>lost GPU-h A</source>
        <translation>GPU-h perdidas A</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>lost GPU-h B</source>
        <translation>GPU-h perdidas B</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 pairs matched by %2.</source>
        <translation>%1 pares pareados por %2.</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>%1 · ETT Workbench %2 · %3</source>
        <translation>%1 · ETT Workbench %2 · %3</translation>
    </message>
    <message>
        <location filename="../app/report/report_layout.cpp" line="+220"/>
        <location line="+33"/>
        <location filename="../app/report/report_writer.cpp" line="-125"/>
        <location line="+65"/>
        <source>n/a</source>
        <translation>n/d</translation>
    </message>
    <message>
        <location filename="../app/report/report_writer.cpp" line="-552"/>
        <source>Paths are relative to %1.</source>
        <translation>Os caminhos são relativos a %1.</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>folder</source>
        <translation>pasta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>files</source>
        <translation>arquivos</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>… and %1 more groups. </source>
        <translation>… e mais %1 grupos. </translation>
    </message>
    <message>
        <location line="+308"/>
        <source>Files by their paths below the folder of their label&apos;s files.</source>
        <translation>Arquivos pelos caminhos abaixo da pasta dos arquivos de seu rótulo.</translation>
    </message>
    <message>
        <location line="+102"/>
        <source>detect</source>
        <translation>detecção</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>restart</source>
        <translation>reinício</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>start-up</source>
        <translation>partida</translation>
    </message>
    <message>
        <location line="-395"/>
        <source>Every file imported</source>
        <translation>Todos os arquivos importados</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 · %2 · %3 · files: %4</source>
        <translation>%1 · %2 · %3 · arquivos: %4</translation>
    </message>
    <message>
        <location filename="../app/report/report_gantt.cpp" line="-21"/>
        <source>The time axis is cut (//) where no attempt ran for long: %1 left out.</source>
        <translation>O eixo do tempo é cortado (//) onde nenhuma tentativa rodou por muito tempo: %1 omitido.</translation>
    </message>
    <message>
        <location filename="../app/report/report_layout.cpp" line="-9"/>
        <source>%1 of %2 jobs flagged: %3</source>
        <translation>%1 de %2 jobs sinalizados: %3</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>%1 losing more than an interval per interruption</source>
        <translation>%1 perdendo mais de um intervalo por interrupção</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 losing far less than half an interval</source>
        <translation>%1 perdendo muito menos de meio intervalo</translation>
    </message>
    <message>
        <location filename="../app/ui/data/data_worker_files.cpp" line="-68"/>
        <source>%1: not read again; it keeps the records it had: %2</source>
        <translation>%1: não lido de novo; mantém os registros que tinha: %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: would be read again to chain its configuration without the file, but it is no longer there as it was imported; its configuration&apos;s runs keep their attempts</source>
        <translation>%1: seria lido de novo para encadear sua configuração sem o arquivo, mas não está mais lá como foi importado; as execuções da configuração mantêm suas tentativas</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Job %1: the file declared it and no other file of its records could be read again to; it counts 1 GPU and no attributes until a file declaring it is imported</source>
        <translation>Job %1: o arquivo o declarava e nenhum outro arquivo de seus registros pôde ser lido de novo para isso; conta 1 GPU e nenhum atributo até que um arquivo que o declare seja importado</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>%1 was removed, but the data could not be loaded again: %2</source>
        <translation>%1 foi removido, mas não foi possível carregar os dados de novo: %2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 is no longer there, so it cannot be imported again; nothing was changed</source>
        <translation>%1 não está mais lá, então não pode ser importado de novo; nada foi alterado</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>it was imported, but the data could not be loaded again: %1</source>
        <translation>foi importado, mas não foi possível carregar os dados de novo: %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>nothing was imported</source>
        <translation>nada foi importado</translation>
    </message>
    <message>
        <location filename="../app/ui/dialogs/remove_file_dialog.cpp" line="+52"/>
        <source>not known</source>
        <translation>desconhecidas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>defaults</source>
        <translation>padrões</translation>
    </message>
</context>
<context>
    <name>RankHeatMap</name>
    <message>
        <location filename="../app/ui/charts/rank_heatmap.cpp" line="+90"/>
        <source>rank</source>
        <translation>rank</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+158"/>
        <source>(no host)</source>
        <translation>(sem host)</translation>
    </message>
    <message>
        <location line="-57"/>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;rank %2 on %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;rank %2 em %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>an unknown host</source>
        <translation>um host desconhecido</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;br&gt;did not record this stage</source>
        <translation>&lt;br&gt;não registrou esta etapa</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;br&gt;time %1&lt;br&gt;excess over the median (%2): %3</source>
        <translation>&lt;br&gt;tempo %1&lt;br&gt;excesso sobre a mediana (%2): %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;br&gt;&lt;b&gt;the slowest rank of this stage&lt;/b&gt;</source>
        <translation>&lt;br&gt;&lt;b&gt;o rank mais lento desta etapa&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>rank  host</source>
        <translation>rank  host</translation>
    </message>
</context>
<context>
    <name>RanksPage</name>
    <message>
        <location filename="../app/ui/pages/ranks_page.cpp" line="+82"/>
        <source>Ranks and stragglers</source>
        <translation>Ranks e retardatários</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>job key (or open a job)</source>
        <translation>chave do job (ou abra um job)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The job whose ranks to show: its key. Opening a job on another page sets it.</source>
        <translation>O job cujos ranks são exibidos: sua chave. Abrir um job em outra página a preenche.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Label</source>
        <translation>Rótulo</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The dataset label of the job, when its key is under several</source>
        <translation>O rótulo do conjunto de dados do job, quando sua chave aparece sob vários</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Attempt</source>
        <translation>Tentativa</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The attempts of the job that have per-rank phases</source>
        <translation>As tentativas do job que têm fases por rank</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Colour</source>
        <translation>Cor</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>time (fastest to slowest rank)</source>
        <translation>tempo (do rank mais rápido ao mais lento)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>excess over the stage&apos;s median</source>
        <translation>excesso sobre a mediana da etapa</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Hosts of the filter&apos;s jobs: how often a rank on them was a stage&apos;s slowest, and the GPU time that cost (excess over the median x the attempt&apos;s GPUs)</source>
        <translation>Hosts dos jobs do filtro: quantas vezes um rank neles foi o mais lento de uma etapa, e o tempo de GPU que isso custou (excesso sobre a mediana x as GPUs da tentativa)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Times slowest</source>
        <translation>Vezes o mais lento</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Excess GPU-hours</source>
        <translation>Horas de GPU em excesso</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Ranks</source>
        <translation>Ranks</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hosts by the GPU time their slowest ranks cost</source>
        <translation>Hosts pelo tempo de GPU que seus ranks mais lentos custaram</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No host to rank: no stage of the filter&apos;s jobs was recorded by 2 ranks or more on known hosts.</source>
        <translation>Nenhum host a classificar: nenhuma etapa dos jobs do filtro foi registrada por 2 ranks ou mais em hosts conhecidos.</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>any</source>
        <translation>qualquer</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>choose one in the Label box</source>
        <translation>escolha um na caixa Rótulo</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1 (%2, %3)</source>
        <translation>%1 (%2, %3)</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
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
    <message>
        <location line="-3"/>
        <source>Attempt %1 of %2 (label &apos;%3&apos;), %4 on %5. </source>
        <translation>Tentativa %1 de %2 (rótulo &apos;%3&apos;), %4 em %5. </translation>
    </message>
    <message numerus="yes">
        <location line="+43"/>
        <source>%Ln attempt(s) with stages of 2 ranks or more, %1 (attempt, stage) pairs, %2 of them with no known host</source>
        <translation>
            <numerusform>%Ln tentativa com etapas de 2 ranks ou mais, %1 pares (tentativa, etapa), %2 deles sem host conhecido</numerusform>
            <numerusform>%Ln tentativas com etapas de 2 ranks ou mais, %1 pares (tentativa, etapa), %2 deles sem host conhecido</numerusform>
        </translation>
    </message>
    <message>
        <location line="-38"/>
        <source>No stage was recorded by 2 ranks or more.</source>
        <translation>Nenhuma etapa foi registrada por 2 ranks ou mais.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A column per stage; the outlined cell is its slowest rank. Hover a cell for its time and excess over the median.</source>
        <translation>Uma coluna por etapa; a célula contornada é o rank mais lento dela. Passe o mouse sobre uma célula para ver seu tempo e o excesso sobre a mediana.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>No ranks shown.</source>
        <translation>Nenhum rank exibido.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No attempt of %1 has per-rank phases.</source>
        <translation>Nenhuma tentativa de %1 tem fases por rank.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open a job (or type its key above) to see its ranks.</source>
        <translation>Abra um job (ou digite a chave dele acima) para ver seus ranks.</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>no job chosen</source>
        <translation>nenhum job escolhido</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>job %1</source>
        <translation>job %1</translation>
    </message>
</context>
<context>
    <name>RemoveFileDialog</name>
    <message>
        <location filename="../app/ui/dialogs/remove_file_dialog.cpp" line="+8"/>
        <location line="+136"/>
        <source>Remove file</source>
        <translation>Remover arquivo</translation>
    </message>
    <message>
        <location line="-136"/>
        <source>Read file again</source>
        <translation>Ler arquivo de novo</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose the imported file to remove. It goes as if it had never been imported; the other files and labels stay.</source>
        <translation>Escolha o arquivo importado a remover. Ele sai como se nunca tivesse sido importado; os outros arquivos e rótulos ficam.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose the imported file to read again. The import dialog opens with the options it was read with: change them (a timezone, a mapping) and it is read again in place of its earlier records.</source>
        <translation>Escolha o arquivo importado a ler de novo. O diálogo de importação abre com as opções com que ele foi lido: mude-as (um fuso horário, um mapeamento) e ele é lido de novo no lugar dos registros anteriores.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Filter by label, path or format</source>
        <translation>Filtrar por rótulo, caminho ou formato</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Label</source>
        <translation>Rótulo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>File</source>
        <translation>Arquivo</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Format</source>
        <translation>Formato</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Records</source>
        <translation>Registros</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Imported (UTC)</source>
        <translation>Importado (UTC)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Read with</source>
        <translation>Lido com</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>The options it was imported with, which a removal reads other files again with and an undo imports it again with: %1</source>
        <translation>As opções com que foi importado, com as quais uma remoção lê outros arquivos de novo e um desfazer o importa de novo: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The options it was imported with: %1</source>
        <translation>As opções com que foi importado: %1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>&amp;Remove...</source>
        <translation>&amp;Remover...</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Read again...</source>
        <translation>&amp;Ler de novo...</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The database stores no imported file.</source>
        <translation>O banco de dados não guarda nenhum arquivo importado.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 of %2 files shown.</source>
        <translation>%1 de %2 arquivos exibidos.</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Remove %1 from label &apos;%2&apos;?</source>
        <translation>Remover %1 do rótulo &apos;%2&apos;?</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1

Its records go from the database as if it had never been imported: the jobs it touched are attributed again, and those left with nothing go. Other console logs of its runs&apos; configurations are read again from their files so that their attempts are numbered without it.

Edit &gt; Undo (%2) imports it again from its path, with the options it was imported with.</source>
        <translation>%1

Seus registros saem do banco de dados como se nunca tivesse sido importado: os jobs que ele tocou são atribuídos de novo, e os que ficam sem nada saem. Outros logs de console das configurações de suas execuções são lidos de novo de seus arquivos para que suas tentativas sejam numeradas sem ele.

Editar &gt; Desfazer (%2) o importa de novo do seu caminho, com as opções com que foi importado.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Remove</source>
        <translation>&amp;Remover</translation>
    </message>
</context>
<context>
    <name>RemoveLabelDialog</name>
    <message>
        <location filename="../app/ui/dialogs/dialogs.cpp" line="+658"/>
        <location line="+44"/>
        <source>Remove label</source>
        <translation>Remover rótulo</translation>
    </message>
    <message>
        <location line="-35"/>
        <source>&amp;Label:</source>
        <translation>&amp;Rótulo:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The database has no labels yet.</source>
        <translation>O banco de dados ainda não tem rótulos.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every file imported under the label goes, with its jobs and everything derived from them. Other labels are not touched.</source>
        <translation>Todos os arquivos importados sob o rótulo são removidos, com seus jobs e tudo o que deriva deles. Os outros rótulos não são afetados.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Remove...</source>
        <translation>&amp;Remover...</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 and %2 (%3, %4, %5) imported under label &apos;%6&apos; will be removed from the database.</source>
        <translation>%1 e %2 (%3, %4, %5) importados sob o rótulo &apos;%6&apos; serão removidos do banco de dados.</translation>
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
            <numerusform>%Ln tentativa</numerusform>
            <numerusform>%Ln tentativas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
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
        <translation>Remover o rótulo &apos;%1&apos;?</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Other labels are not touched. Edit &gt; Undo (%1) brings it back until the database is closed.</source>
        <translation>Os outros rótulos não são afetados. Editar &gt; Desfazer (%1) o traz de volta até o banco de dados ser fechado.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Remove</source>
        <translation>&amp;Remover</translation>
    </message>
</context>
<context>
    <name>RenameLabelDialog</name>
    <message>
        <location line="-108"/>
        <source>Rename label</source>
        <translation>Renomear rótulo</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>new name</source>
        <translation>novo nome</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Label:</source>
        <translation>&amp;Rótulo:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;New name:</source>
        <translation>&amp;Novo nome:</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Rename</source>
        <translation>&amp;Renomear</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The database has no labels yet.</source>
        <translation>O banco de dados ainda não tem rótulos.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Datasets and jobs keep their data; only the label&apos;s name changes.</source>
        <translation>Conjuntos de dados e jobs mantêm seus dados; só o nome do rótulo muda.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A label &quot;%1&quot; already exists.</source>
        <translation>Já existe um rótulo &quot;%1&quot;.</translation>
    </message>
</context>
<context>
    <name>ReportDialog</name>
    <message>
        <location filename="../app/ui/dialogs/report_dialog.cpp" line="+37"/>
        <source>Export report</source>
        <translation>Exportar relatório</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Where the training time went</source>
        <translation>Para onde foi o tempo de treinamento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Title</source>
        <translation>&amp;Título</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The jobs of the filter bar</source>
        <translation>Os jobs da barra de filtro</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scope</source>
        <translation>Escopo</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Letter</source>
        <translation>Carta</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>per day</source>
        <translation>por dia</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>per week</source>
        <translation>por semana</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;Page</source>
        <translation>&amp;Página</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Weighting</source>
        <translation>&amp;Ponderação</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ETT% &amp;series</source>
        <translation>&amp;Série do ETT%</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Options</source>
        <translation>Opções</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Compare A (%1) with B (%2)</source>
        <translation>Comparar A (%1) com B (%2)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Compare A with B (choose the cohorts on the Compare A/B page first)</source>
        <translation>Comparar A com B (escolha antes as coortes na página Comparar A/B)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Comparison</source>
        <translation>Comparação</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>&amp;Save PDF...</source>
        <translation>&amp;Salvar PDF...</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Gathering the figures...</source>
        <translation>Reunindo os números...</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Cannot make the report: %1</source>
        <translation>Não é possível gerar o relatório: %1</translation>
    </message>
    <message numerus="yes">
        <location line="+14"/>
        <source>%n page(s), %1</source>
        <translation>
            <numerusform>%n página, %1</numerusform>
            <numerusform>%n páginas, %1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the report&apos;s figures are not ready yet</source>
        <translation>os números do relatório ainda não estão prontos</translation>
    </message>
    <message>
        <location line="+21"/>
        <location line="+6"/>
        <source>Save report</source>
        <translation>Salvar relatório</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>PDF files (*.pdf)</source>
        <translation>Arquivos PDF (*.pdf)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The report was not saved.

%1</source>
        <translation>O relatório não foi salvo.

%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Saved %1</source>
        <translation>Salvo em %1</translation>
    </message>
</context>
<context>
    <name>RestartsModel</name>
    <message>
        <location filename="../app/ui/models/restarts_model.cpp" line="+57"/>
        <source>No attempts.</source>
        <translation>Nenhuma tentativa.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>One attempt: no restart to compare.</source>
        <translation>Uma tentativa: nenhum reinício para comparar.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 (%2 → %3)</source>
        <translation>%1 (%2 → %3)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>▲ grew from attempt %1 by at least %2 and %3%</source>
        <translation>▲ cresceu desde a tentativa %1 em pelo menos %2 e %3%</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No stage grows over the restarts. %1.</source>
        <translation>Nenhuma etapa cresce ao longo dos reinícios. %1.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Growing over the restarts: %1. %2.</source>
        <translation>Crescendo ao longo dos reinícios: %1. %2.</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>
%1 from attempt %2</source>
        <translation>
%1 desde a tentativa %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> (grew: at least %1 and %2% more)</source>
        <translation> (cresceu: pelo menos %1 e %2% a mais)</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>attempt %1 · %2%3</source>
        <translation>tentativa %1 · %2%3</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>first start</source>
        <translation>primeiro início</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>attempt %1 %2%3</source>
        <translation>tentativa %1 %2%3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, cause %1</source>
        <translation>, causa %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source> (never trains)</source>
        <translation> (nunca treina)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>–</source>
        <translation>–</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No compile time in the start-up</source>
        <translation>Sem tempo de compilação na retomada</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Attempt</source>
        <translation>Tentativa</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>After</source>
        <translation>Após</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Detect</source>
        <translation>Detecção</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Restart</source>
        <translation>Reinício</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Lost</source>
        <translation>Perdido</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start-up</source>
        <translation>Retomada</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The attempt&apos;s number</source>
        <translation>O número da tentativa</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>How the previous attempt ended, and its cause</source>
        <translation>Como a tentativa anterior terminou, e sua causa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fault to the previous attempt&apos;s end (spec 7.1)</source>
        <translation>Da falha ao fim da tentativa anterior (espec. 7.1)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The gap before this attempt (spec 7.1)</source>
        <translation>A lacuna antes desta tentativa (espec. 7.1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Progress the previous attempt&apos;s interruption lost (spec 5.3)</source>
        <translation>Progresso que a interrupção da tentativa anterior perdeu (espec. 5.3)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>From this attempt&apos;s start to its first training (its Time to Start)</source>
        <translation>Do início desta tentativa ao seu primeiro treinamento (seu Tempo para Iniciar)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: the part of %2 its phases cover (any rank)</source>
        <translation>%1: a parte de %2 que suas fases cobrem (qualquer rank)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: bucket time in the start-up</source>
        <translation>%1: tempo da categoria na retomada</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compile tag</source>
        <translation>Tag de compilação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cold, warm or cache_hit as the compile phases&apos; subcategory says; untagged when it says none</source>
        <translation>cold, warm ou cache_hit, conforme a subcategoria das fases de compilação; untagged quando ela não indica nenhuma</translation>
    </message>
</context>
<context>
    <name>RestartsTab</name>
    <message>
        <location filename="../app/ui/widgets/restarts_tab.cpp" line="+47"/>
        <source>The restarts cannot be shown: %1</source>
        <translation>Não é possível mostrar os reinícios: %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> No checkpoint records: lost progress is unknown (shown as 0).</source>
        <translation> Sem registros de ponto de verificação: o progresso perdido é desconhecido (exibido como 0).</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Restarts (%1)</source>
        <translation>Reinícios (%1)</translation>
    </message>
</context>
<context>
    <name>RollingStrip</name>
    <message>
        <location filename="../app/ui/timeline/rolling_strip.cpp" line="+94"/>
        <source>ETT% of the %1 window ending %2 UTC: %3 (GPU-weighted)
productive %4 of %5 end-to-end</source>
        <translation>ETT% da janela de %1 terminando em %2 UTC: %3 (ponderado por GPU)
produtivo %4 de %5 de ponta a ponta</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>
the job&apos;s worst window</source>
        <translation>
a pior janela do job</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>ETT%, rolling %1</source>
        <translation>ETT% móvel, %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>ETT%, rolling</source>
        <translation>ETT% móvel</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>worst %1</source>
        <translation>pior %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no window</source>
        <translation>sem janela</translation>
    </message>
</context>
<context>
    <name>ScenarioPanel</name>
    <message>
        <location filename="../app/ui/widgets/scenario_panel.cpp" line="+42"/>
        <source>Saved scenarios</source>
        <translation>Cenários salvos</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Undo</source>
        <translation>Desfazer</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save the deleted scenario again (Ctrl+Z)</source>
        <translation>Salvar de novo o cenário excluído (Ctrl+Z)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Changes</source>
        <translation>Alterações</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cohort</source>
        <translation>Coorte</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Saved (UTC)</source>
        <translation>Salvo (UTC)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Load</source>
        <translation>Carregar</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the selected scenario in the rows (and its cohort)</source>
        <translation>Mostrar o cenário selecionado nas linhas (e sua coorte)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save as…</source>
        <translation>Salvar como…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save the rows and the cohort in the database under a name</source>
        <translation>Salvar as linhas e a coorte no banco de dados com um nome</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete</source>
        <translation>Excluir</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete the selected scenario from the database (Undo brings it back)</source>
        <translation>Excluir do banco de dados o cenário selecionado (Desfazer o traz de volta)</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Restored scenario &apos;%1&apos;.</source>
        <translation>Cenário &apos;%1&apos; restaurado.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Saved scenario &apos;%1&apos;.</source>
        <translation>Cenário &apos;%1&apos; salvo.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Deleted scenario &apos;%1&apos;.</source>
        <translation>Cenário &apos;%1&apos; excluído.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>scenario %1</source>
        <translation>cenário %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+8"/>
        <source>Save scenario</source>
        <translation>Salvar cenário</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>Name of the scenario:</source>
        <translation>Nome do cenário:</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>A scenario named &apos;%1&apos; is saved already. Replace it?</source>
        <translation>Já existe um cenário salvo com o nome &apos;%1&apos;. Substituí-lo?</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Nothing was changed: %1</source>
        <translation>Nada foi alterado: %1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Open a database first: scenarios are saved in it.</source>
        <translation>Abra um banco de dados primeiro: os cenários são salvos nele.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>No scenario named &apos;%1&apos; is saved.</source>
        <translation>Nenhum cenário com o nome &apos;%1&apos; está salvo.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Not undone: a scenario named &apos;%1&apos; has been saved since.</source>
        <translation>Não desfeito: um cenário com o nome &apos;%1&apos; foi salvo depois.</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>all jobs</source>
        <translation>todos os jobs</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no change</source>
        <translation>sem alteração</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>None yet: set the rows, then Save as… keeps them in the database.</source>
        <translation>Nenhum ainda: defina as linhas; depois, Salvar como… as guarda no banco de dados.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Nothing was changed</source>
        <translation>Nada foi alterado</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Not undone</source>
        <translation>Não desfeito</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Undo delete of &apos;%1&apos;</source>
        <translation>Desfazer exclusão de &apos;%1&apos;</translation>
    </message>
</context>
<context>
    <name>ScopeBar</name>
    <message>
        <location filename="../app/ui/widgets/scope_bar.cpp" line="+43"/>
        <source>Keep them together</source>
        <translation>Manter juntos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hide this line until the datasets change</source>
        <translation>Ocultar esta linha até os conjuntos de dados mudarem</translation>
    </message>
    <message numerus="yes">
        <location line="+49"/>
        <source>⚠ This view adds up %n datasets (%1): every figure counts them together. Show one:</source>
        <translation>
            <numerusform>⚠ Esta visualização soma %n conjunto de dados (%1): todos os números o contam. Mostrar um:</numerusform>
            <numerusform>⚠ Esta visualização soma %n conjuntos de dados (%1): todos os números os contam juntos. Mostrar um:</numerusform>
        </translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Show only the dataset &apos;%1&apos; (the filter bar&apos;s Datasets)</source>
        <translation>Mostrar só o conjunto de dados &apos;%1&apos; (Conjuntos de dados da barra de filtro)</translation>
    </message>
</context>
<context>
    <name>Severity</name>
    <message>
        <location filename="../app/ui/format/palette.cpp" line="+69"/>
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
        <location filename="../app/ui/dialogs/shortcuts_dialog.cpp" line="+7"/>
        <source>Keyboard shortcuts</source>
        <translation>Atalhos de teclado</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Search (an action or a key)</source>
        <translation>Buscar (uma ação ou uma tecla)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Where</source>
        <translation>Onde</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>What</source>
        <translation>O quê</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Keys</source>
        <translation>Teclas</translation>
    </message>
</context>
<context>
    <name>StoreDialog</name>
    <message>
        <location filename="../app/ui/window/main_window_store.cpp" line="-56"/>
        <source>Connect to fleet store</source>
        <translation>Conectar ao repositório da frota</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A fleet store is a ClickHouse cluster the fleet was pushed to (ettw push, ettw import --store). Every figure is computed there in SQL; only aggregates come back. Connect with a read-only user: the window never writes.</source>
        <translation>Um repositório da frota é um cluster ClickHouse para o qual a frota foi enviada (ettw push, ettw import --store). Todo número é calculado lá em SQL; só agregados voltam. Conecte-se com um usuário somente leitura: a janela nunca grava.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Store URL:</source>
        <translation>&amp;URL do repositório:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>empty: from ETTW_STORE_PASSWORD or the password file</source>
        <translation>vazio: de ETTW_STORE_PASSWORD ou do arquivo de senha</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Password:</source>
        <translation>&amp;Senha:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The password is never saved; recent stores are remembered without it.</source>
        <translation>A senha nunca é salva; repositórios recentes são lembrados sem ela.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;Connect</source>
        <translation>&amp;Conectar</translation>
    </message>
</context>
<context>
    <name>Symptom</name>
    <message>
        <location filename="../app/ui/format/palette.cpp" line="-27"/>
        <source>explicit</source>
        <translation>explícito</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hang</source>
        <translation>travamento</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>degradation</source>
        <translation>degradação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>numeric</source>
        <translation>numérico</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(none)</source>
        <translation>(nenhum)</translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <location filename="../app/ui/timeline/timeline_view.cpp" line="+74"/>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>One row per attempt, coloured by bucket</source>
        <translation>Uma linha por tentativa, colorida por categoria</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ranks</source>
        <translation>Ranks</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>One row per rank, phases coloured by category</source>
        <translation>Uma linha por rank, fases coloridas por categoria</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fleet</source>
        <translation>Frota</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>One row per job of the current filter: the first %1 by start</source>
        <translation>Uma linha por job do filtro atual: os primeiros %1 por início</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Density</source>
        <translation>Densidade</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every job of the current filter at once: a line of pixels per job (or per band of jobs) in the bucket it spends most time in, and above, how many jobs are in each bucket over time</source>
        <translation>Todos os jobs do filtro atual de uma vez: uma linha de pixels por job (ou por faixa de jobs) na categoria em que ele passa mais tempo e, acima, quantos jobs estão em cada categoria ao longo do tempo</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Fit</source>
        <translation>Ajustar</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Show everything (F, Home)</source>
        <translation>Mostrar tudo (F, Home)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom in</source>
        <translation>Mais zoom</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Zoom in (W, +, mouse wheel)</source>
        <translation>Ampliar (W, +, roda do mouse)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom out</source>
        <translation>Menos zoom</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Zoom out (S, -, mouse wheel)</source>
        <translation>Reduzir (S, -, roda do mouse)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Worst hour</source>
        <translation>Pior hora</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom to the job&apos;s hour of lowest ETT% (rolling, GPU-weighted; the shaded window above the timeline)</source>
        <translation>Zoom na hora de menor ETT% do job (móvel, ponderado por GPU; a janela sombreada acima da linha do tempo)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>drag: pan · right-drag: zoom to range · right-click: export · double-click: open</source>
        <translation>arrastar: mover · arrastar c/ botão direito: zoom · clique direito: exportar · clique duplo: abrir</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Fleet density</source>
        <translation>Densidade da frota</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Fleet timeline</source>
        <translation>Linha do tempo da frota</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Timeline %1, %2</source>
        <translation>Linha do tempo %1, %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rank view</source>
        <translation>visão por rank</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>job view</source>
        <translation>visão por job</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>job %1</source>
        <translation>job %1</translation>
    </message>
    <message>
        <location line="+166"/>
        <source>Loading the job&apos;s timeline…</source>
        <translation>Carregando a linha do tempo do job…</translation>
    </message>
    <message>
        <location line="+28"/>
        <location line="+35"/>
        <source>No jobs in this database yet: import traces (File &gt; Import traces, Ctrl+I).</source>
        <translation>Ainda não há jobs neste banco de dados: importe traces (Arquivo &gt; Importar traces, Ctrl+I).</translation>
    </message>
    <message>
        <location line="-30"/>
        <source>Loading the fleet timeline…</source>
        <translation>Carregando a linha do tempo da frota…</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Binning every job of the fleet…</source>
        <translation>Agrupando em faixas todos os jobs da frota…</translation>
    </message>
    <message numerus="yes">
        <location line="+48"/>
        <source>All %Ln job(s), about %1 to a line of pixels</source>
        <translation>
            <numerusform>%Ln job, cerca de %1 por linha de pixels</numerusform>
            <numerusform>Todos os %Ln jobs, cerca de %1 por linha de pixels</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>All %Ln job(s)</source>
        <translation>
            <numerusform>%Ln job</numerusform>
            <numerusform>Todos os %Ln jobs</numerusform>
        </translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Showing the first %1 jobs by start (Density shows every job)</source>
        <translation>Mostrando os primeiros %1 jobs por início (Densidade mostra todos os jobs)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Could not load the job&apos;s timeline: %1</source>
        <translation>Não foi possível carregar a linha do tempo do job: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Could not load the fleet timeline: %1</source>
        <translation>Não foi possível carregar a linha do tempo da frota: %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Could not bin the fleet: %1</source>
        <translation>Não foi possível agrupar a frota: %1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>No rolling ETT%: %1</source>
        <translation>Sem ETT% móvel: %1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Worst hour: %1 to %2 UTC, ETT% %3 (productive %4)</source>
        <translation>Pior hora: %1 a %2 UTC, ETT% %3 (produtivo %4)</translation>
    </message>
    <message>
        <location line="+92"/>
        <source>Building the timeline (%1 spans)…</source>
        <translation>Montando a linha do tempo (%1 trechos)…</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>This job has no checkpoint records: lost progress cannot be known.</source>
        <translation>Este job não tem registros de ponto de verificação: o progresso perdido não pode ser conhecido.</translation>
    </message>
</context>
<context>
    <name>WhatIfPage</name>
    <message>
        <location filename="../app/ui/pages/whatif_page.cpp" line="+122"/>
        <source>Undo delete</source>
        <translation>Desfazer exclusão</translation>
    </message>
    <message>
        <location line="+34"/>
        <location line="+61"/>
        <location line="+13"/>
        <location line="+65"/>
        <source>What-if</source>
        <translation>E se</translation>
    </message>
    <message>
        <location line="-137"/>
        <source>Cohort</source>
        <translation>Coorte</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the filter bar&apos;s jobs</source>
        <translation>os jobs da barra de filtro</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a cohort spec</source>
        <translation>uma especificação de coorte</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Which jobs to project: those the filter bar selects, or a cohort spec typed here</source>
        <translation>Quais jobs projetar: os que a barra de filtro seleciona, ou uma especificação de coorte digitada aqui</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+387"/>
        <source>all jobs</source>
        <translation>todos os jobs</translation>
    </message>
    <message>
        <location line="-386"/>
        <source>label=after,team=ads,from=2025-06-01,gpus&gt;=64 (Enter applies); whole jobs: a time range selects the jobs that overlap it</source>
        <translation>label=after,team=ads,from=2025-06-01,gpus&gt;=64 (Enter aplica); jobs inteiros: um intervalo de tempo seleciona os jobs que se sobrepõem a ele</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Change</source>
        <translation>Alteração</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>GPU-h saved</source>
        <translation>GPU-h
economizadas</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>h saved</source>
        <translation>h
economizadas</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>pp (GPU-weighted)</source>
        <translation>pp (ponderado
por GPU)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>pp (time-weighted)</source>
        <translation>pp (ponderado
por tempo)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attempts changed</source>
        <translation>Tentativas
alteradas</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Jobs not applicable</source>
        <translation>Jobs não
aplicáveis</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>What-if: the steps from ETT% today to projected</source>
        <translation>E se: os passos do ETT% de hoje ao projetado</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>What-if: scenarios saved in the database</source>
        <translation>E se: cenários salvos no banco de dados</translation>
    </message>
    <message>
        <location line="+203"/>
        <source>Loaded scenario &apos;%1&apos;.</source>
        <translation>Cenário &apos;%1&apos; carregado.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Its changes apply in the page&apos;s order: %1.</source>
        <translation>Suas alterações se aplicam na ordem da página: %1.</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>cohort: %1 · changes: %2 · %3</source>
        <translation>coorte: %1 · alterações: %2 · %3</translation>
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
        <translation>Nenhum banco de dados está aberto.

Abra um banco de dados ou importe traces (Arquivo &gt; Abrir, ou solte arquivos na janela) para ver o que mudanças na retomada, nas interrupções ou nos pontos de verificação fariam com o ETT%.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The database has no jobs yet.

Import traces (File &gt; Import traces) to project what changes would do to ETT%.</source>
        <translation>O banco de dados ainda não tem jobs.

Importe traces (Arquivo &gt; Importar traces) para projetar o que mudanças fariam com o ETT%.</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>ETT% today → projected (%1)</source>
        <translation>ETT% hoje → projetado (%1)</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>: the cohort has no E2E</source>
        <translation>: a coorte não tem E2E</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>: no projection yet</source>
        <translation>: ainda sem projeção</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Open a database with jobs to project (File &gt; Open).</source>
        <translation>Abra um banco de dados com jobs para projetar (Arquivo &gt; Abrir).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>projecting…</source>
        <translation>projetando…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 · %2 in %3 ms on %4</source>
        <translation>%1 · %2 em %3 ms no %4</translation>
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
        <translation>modelo montado e projetado</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>projected</source>
        <translation>projetado</translation>
    </message>
    <message>
        <location filename="../app/ui/models/whatif_rows.cpp" line="+18"/>
        <source>Setup</source>
        <translation>Preparação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Setup time of every attempt</source>
        <translation>Tempo de preparação de cada tentativa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Init</source>
        <translation>Inicialização</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Init time of every attempt</source>
        <translation>Tempo de inicialização de cada tentativa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Checkpoint load</source>
        <translation>Carga de ponto de verificação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Checkpoint-load time of every attempt</source>
        <translation>Tempo de carga do ponto de verificação de cada tentativa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compile</source>
        <translation>Compilação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compile time of every attempt</source>
        <translation>Tempo de compilação de cada tentativa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recovery</source>
        <translation>Recuperação</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recovery time: after each fault and in the gaps between attempts</source>
        <translation>Tempo de recuperação: após cada falha e nas lacunas entre tentativas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Subcategory</source>
        <translation>Subcategoria</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The time of its bucket during which phases of the chosen category.subcategory are active</source>
        <translation>O tempo da sua categoria durante o qual fases da categoria.subcategoria escolhida estão ativas</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Failures</source>
        <translation>Falhas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What failures cost: the progress they lose, their recovery and the next attempt&apos;s start-up</source>
        <translation>O que as falhas custam: o progresso que perdem, sua recuperação e a retomada da próxima tentativa</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Preemptions</source>
        <translation>Preempções</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What preemptions cost: the progress they lose, their recovery and the next attempt&apos;s start-up</source>
        <translation>O que as preempções custam: o progresso que perdem, sua recuperação e a retomada da próxima tentativa</translation>
    </message>
</context>
<context>
    <name>WhatIfRowsEditor</name>
    <message>
        <location filename="../app/ui/widgets/whatif_rows_editor.cpp" line="+88"/>
        <source>Bucket time (% of today&apos;s)</source>
        <translation>Tempo da categoria (% do de hoje)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Phase subcategory (% of its time)</source>
        <translation>Subcategoria de fase (% do seu tempo)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The fleet&apos;s phase subcategories that take blocking time</source>
        <translation>As subcategorias de fase da frota que consomem tempo bloqueante</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Interruptions (% of what they cost)</source>
        <translation>Interrupções (% do que custam)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Checkpoint interval</source>
        <translation>Intervalo entre pontos de verificação</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>as measured</source>
        <translation>como medido</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>each job&apos;s optimum (Young)</source>
        <translation>o ótimo de cada job (Young)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a scale of the measured one</source>
        <translation>uma escala do medido</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saves happen once per interval; an interruption loses half an interval on average. The optimum is sqrt(2 x blocking per save x mean time between interruptions), per job</source>
        <translation>As gravações ocorrem uma vez por intervalo; uma interrupção perde meio intervalo em média. O ótimo é sqrt(2 x bloqueio por gravação x tempo médio entre interrupções), por job</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Scale</source>
        <translation>Escala</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Drop them</source>
        <translation>Descartá-las</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Project without the scenario&apos;s changes that the rows do not show</source>
        <translation>Projetar sem as alterações do cenário que as linhas não mostram</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Reset</source>
        <translation>Redefinir</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every row back to today (no change)</source>
        <translation>Todas as linhas de volta a hoje (sem alteração)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Changes apply from top to bottom, each to the result of those above.</source>
        <translation>As alterações se aplicam de cima para baixo, cada uma sobre o resultado das de cima.</translation>
    </message>
    <message>
        <location line="+156"/>
        <source>Also applied (from the scenario; no row shows them): %1</source>
        <translation>Também aplicadas (do cenário; nenhuma linha as mostra): %1</translation>
    </message>
</context>
<context>
    <name>WorkbenchState</name>
    <message>
        <location filename="../app/ui/window/workbench_state.cpp" line="+17"/>
        <source>Fleet</source>
        <translation>Frota</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>job %1</source>
        <translation>job %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>attempt %1</source>
        <translation>tentativa %1</translation>
    </message>
</context>
</TS>
