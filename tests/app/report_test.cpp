// Tests of the PDF report: a report of the sample fleet has the
// expected pages, sections and figures as real text (pdftotext), vector charts (no raster image
// but the tiny hatch pattern), A4 and Letter pages, a comparison section only when asked, and a
// failed write names the path and leaves nothing behind.
#include "app/report/provenance.h"
#include "app/report/report_layout.h"
#include "app/report/report_writer.h"
#include "app/service/report_content.h"
#include "app/ui/charts/overview_charts.h"
#include "app/ui/format/figures_format.h"
#include "app/ui/window/translations.h"
#include "core/store/columns_loader.h"
#include "core/store/database.h"
#include "core/store/importer.h"
#include "core/store/scenarios.h"
#include "gpu/compare.h"
#include "gpu/engine.h"
#include "gpu/whatif.h"

#include <QApplication>
#include <QCoreApplication>
#include <QLocale>
#include <QPainter>
#include <QPdfWriter>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace ett::app {
namespace {

namespace fs = std::filesystem;

void ensureApp()
{
    if (QCoreApplication::instance() == nullptr) {
        static int argc = 1;
        static char name[] = "report_tests";
        static char* argv[] = { name, nullptr };
        auto* app = new QApplication(argc, argv); // lives for the whole test program
        // English, as under LANG=C: the plural forms and figures the tests expect.
        setUpLanguage(*app, QStringLiteral("en"), QLocale::c());
    }
}

std::string run(const std::string& command)
{
    std::string out;
    if (FILE* p = popen(command.c_str(), "r")) {
        char buf[4096];
        size_t n = 0;
        while ((n = fread(buf, 1, sizeof buf, p)) > 0) {
            out.append(buf, n);
        }
        pclose(p);
    }
    return out;
}

bool havePdftotext()
{
    return std::system("pdftotext -v > /dev/null 2>&1") == 0;
}

std::string readBytes(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// An A4 page as the report draws it: 96 dpi, no margins (Layout keeps its own).
void setUpA4(QPdfWriter& writer)
{
    writer.setResolution(96);
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
}

// The words of a PDF's pages with their boxes in points, from pdftotext -bbox.
struct Word
{
    double x0, y0, x1, y1;
    std::string text;
};
struct PdfPage
{
    double width = 0;
    double height = 0;
    std::vector<Word> words;
};
std::vector<PdfPage> pdfWords(const std::string& pdf)
{
    const std::string html = run("pdftotext -bbox '" + pdf + "' -");
    const std::regex page(R"re(<page width="([\d.]+)" height="([\d.]+)")re");
    const std::regex word(R"re(xMin="(-?[\d.]+)" yMin="(-?[\d.]+)" xMax="(-?[\d.]+)" yMax="(-?[\d.]+)">([^<]*)<)re");
    std::vector<PdfPage> out;
    for (size_t at = html.find("<page "); at != std::string::npos;) {
        const size_t next = html.find("<page ", at + 1);
        const std::string text = html.substr(at, next == std::string::npos ? std::string::npos : next - at);
        PdfPage p;
        std::smatch m;
        if (std::regex_search(text, m, page)) {
            p.width = std::stod(m[1]);
            p.height = std::stod(m[2]);
        }
        for (auto it = std::sregex_iterator(text.begin(), text.end(), word); it != std::sregex_iterator(); ++it) {
            p.words.push_back(
                { std::stod((*it)[1]), std::stod((*it)[2]), std::stod((*it)[3]), std::stod((*it)[4]), (*it)[5].str() });
        }
        out.push_back(std::move(p));
        at = next;
    }
    return out;
}

// Pairs of words of a PDF drawn over each other ("page: word | word"): overlapping more than
// 1.5 pt across and half a line down.
std::vector<std::string> overlappingWords(const std::string& pdf)
{
    std::vector<std::string> out;
    const auto pages = pdfWords(pdf);
    for (size_t n = 0; n < pages.size(); ++n) {
        const auto& words = pages[n].words;
        for (size_t i = 0; i < words.size(); ++i) {
            for (size_t j = i + 1; j < words.size(); ++j) {
                const Word& a = words[i];
                const Word& b = words[j];
                const double across = std::min(a.x1, b.x1) - std::max(a.x0, b.x0);
                const double down = std::min(a.y1, b.y1) - std::max(a.y0, b.y0);
                if (across > 1.5 && down > 0.5 * std::min(a.y1 - a.y0, b.y1 - b.y0)) {
                    out.push_back(std::to_string(n + 1) + ": " + a.text + " | " + b.text);
                }
            }
        }
    }
    return out;
}

// Words of a PDF that reach into the page's margin, left or right (report::kMargin, 54 px of
// 96 dpi: 40.5 pt): a table wider than the body, a tick label or a legend entry drawn past the
// body's edge (and cut there, or at the edge of the paper).
std::vector<std::string> wordsAtTheEdge(const std::string& pdf)
{
    std::vector<std::string> out;
    const auto pages = pdfWords(pdf);
    const double margin = report::kMargin * 0.75 - 0.5;
    for (size_t n = 0; n < pages.size(); ++n) {
        for (const Word& w : pages[n].words) {
            if (w.x0 < margin || w.x1 > pages[n].width - margin) {
                out.push_back(std::to_string(n + 1) + ": " + w.text);
            }
        }
    }
    return out;
}

// An attempt of jobTrace, in seconds.
struct TraceAttempt
{
    int64_t start = 0;
    int64_t end = 0;
    std::string outcome;
};

// An ETT trace of one job of 8 GPUs submitted at 1749200000 s, whose attempts each set up for
// 300 s and then train to their end.
std::string jobTrace(const std::string& job, const std::vector<TraceAttempt>& attempts)
{
    std::string trace = R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"})"
                        "\n"
                        R"({"type":"job","job":")"
        + job + R"(","gpus":8,"submitted":1749200000})" + "\n";
    for (size_t a = 0; a < attempts.size(); ++a) {
        const TraceAttempt& t = attempts[a];
        const std::string head = R"({"type":"phase","job":")" + job + R"(","attempt":)" + std::to_string(a);
        trace += head + R"(,"phase":"setup","start":)" + std::to_string(t.start) + R"(,"end":)"
            + std::to_string(t.start + 300) + "}\n";
        trace += head + R"(,"phase":"train","start":)" + std::to_string(t.start + 300) + R"(,"end":)"
            + std::to_string(t.end) + "}\n";
        trace += R"({"type":"attempt","job":")" + job + R"(","attempt":)" + std::to_string(a) + R"(,"start":)"
            + std::to_string(t.start) + R"(,"end":)" + std::to_string(t.end) + R"(,"outcome":")" + t.outcome + "\"}\n";
    }
    return trace;
}

// No word of the PDF over another, and none in the pages' margins.
void expectTidyPages(const std::string& pdf)
{
    const auto overlaps = overlappingWords(pdf);
    EXPECT_TRUE(overlaps.empty()) << overlaps.size() << " overlaps, first: " << overlaps.front();
    const auto edge = wordsAtTheEdge(pdf);
    EXPECT_TRUE(edge.empty()) << edge.size() << " words at the edge, first: " << edge.front();
}

// A database with the 200-job sample under "before" and again under "after", an engine on it.
class ReportTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ensureApp();
        std::random_device rd;
        m_dir = fs::temp_directory_path() / ("ett-report-test-" + std::to_string(rd()));
        fs::create_directories(m_dir);
        auto db = core::Database::open((m_dir / "fleet.db").string(), core::Database::OpenMode::CreateIfMissing);
        ASSERT_TRUE(db.ok()) << db.error().message;
        m_db = std::move(*db);
        for (const char* label : { "before", "after" }) {
            core::ImportOptions o;
            o.label = label;
            auto r = core::importTraceFile(*m_db, std::string(ETT_SAMPLES_DIR) + "/fleet-200.ett.jsonl.gz", o);
            ASSERT_TRUE(r.ok()) << r.error().message;
        }
        auto stored = core::loadStoredFleet(*m_db,
            core::ColumnsQuery {
                std::nullopt, true, std::nullopt, core::ColumnsQuery::Storage::Auto, true, std::nullopt });
        ASSERT_TRUE(stored.ok()) << stored.error().message;
        m_engine = gpu::Engine::create(gpu::BackendKind::Cpu);
        m_engine->load(std::move(stored->columns), std::move(stored->attribution));
    }
    void TearDown() override
    {
        m_engine.reset();
        m_db.reset();
        std::error_code ec;
        fs::remove_all(m_dir, ec);
    }

    ReportContent gather(const ReportRequest& request)
    {
        auto c = gatherFresh(request);
        EXPECT_TRUE(c.ok()) << (c.ok() ? "" : c.error().message);
        return c.ok() ? *c : ReportContent {};
    }

    // The report of a workspace opened on the fixture's database, as ettw report and the window
    // open it.
    core::Result<ReportContent> gatherFresh(const ReportRequest& request)
    {
        auto ws = Workspace::open((m_dir / "fleet.db").string(), Workspace::Mode::MustExist);
        if (!ws.ok()) {
            return ws.error();
        }
        return gatherReport(**ws, request);
    }

    std::string write(const ReportContent& c, const std::string& name, QPageSize::PageSizeId size, int* pages)
    {
        const std::string path = (m_dir / name).string();
        auto st = writeReportPdf(c, QString::fromStdString(path), size, pages);
        EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error().message);
        return path;
    }

    // Imports an ETT trace written by the test under `label` and reloads the engine with it.
    void importTrace(const std::string& text, const std::string& label)
    {
        const std::string path = (m_dir / (label + ".ett.jsonl")).string();
        {
            std::ofstream(path) << text;
        }
        core::ImportOptions o;
        o.label = label;
        auto r = core::importTraceFile(*m_db, path, o);
        ASSERT_TRUE(r.ok()) << r.error().message;
        auto stored = core::loadStoredFleet(*m_db,
            core::ColumnsQuery {
                std::nullopt, true, std::nullopt, core::ColumnsQuery::Storage::Auto, true, std::nullopt });
        ASSERT_TRUE(stored.ok()) << stored.error().message;
        m_engine->load(std::move(stored->columns), std::move(stored->attribution));
    }

    // A one-page A4 PDF of what `paint` lays out, written as the report is (96 dpi, no margins).
    std::string paintPage(const std::string& name, const std::function<void(report::Layout&)>& paint)
    {
        const std::string pdf = (m_dir / name).string();
        QPdfWriter writer(QString::fromStdString(pdf));
        setUpA4(writer);
        QPainter painter(&writer);
        report::Layout layout(writer, &painter, QStringLiteral("footer"), 1);
        paint(layout);
        layout.finish();
        painter.end();
        return pdf;
    }

    fs::path m_dir;
    std::unique_ptr<core::Database> m_db;
    std::unique_ptr<gpu::Engine> m_engine;
};

TEST_F(ReportTest, SampleReportHasItsSectionsAndFiguresAsText)
{
    if (!havePdftotext()) {
        GTEST_SKIP() << "pdftotext (poppler-utils) is not installed";
    }
    ReportRequest request;
    request.title = "Sample fleet: before and after";
    request.a = *core::parseCohortSpec("label=before", "--a");
    request.b = *core::parseCohortSpec("label=after", "--b");
    const ReportContent content = gather(request);
    int pages = 0;
    const std::string pdf = write(content, "report.pdf", QPageSize::A4, &pages);
    EXPECT_GE(pages, 6);
    const std::string text = run("pdftotext -layout '" + pdf + "' -");
    // Title page: title, contents, provenance with the files' full hashes.
    for (const std::string needle :
        { "Sample fleet: before and after", "Contents", "Provenance", "Headline figures", "ETT% over time",
            "Jobs that lost the most", "Comparison: A against B", "Bridge from A to B", "Time to Recover from A to B",
            "Import issues", "Distributions", "fleet-200.ett.jsonl.gz", "GPU-weighted" }) {
        EXPECT_NE(text.find(needle), std::string::npos) << "missing: " << needle;
    }
    for (const auto& d : content.datasets) {
        EXPECT_NE(text.find(d.sha256), std::string::npos) << "the full SHA-256 of " << d.sourcePath;
    }
    // No figure is cut: a number never carries the ellipsis that cuts names ("365,547…5 GPU-h").
    std::smatch cutNumber;
    EXPECT_FALSE(std::regex_search(text, cutNumber, std::regex("(^|[ \\t])[-+]?[0-9][0-9,.]*\xE2\x80\xA6")))
        << cutNumber.str();
    // The sample's keys are short: nothing of it is cut, no column title either ("gain pp" read
    // "ga…pp" in the advice table).
    EXPECT_EQ(text.find("\xE2\x80\xA6"), std::string::npos)
        << text.substr(text.rfind('\n', text.find("\xE2\x80\xA6")) + 1, 200);
    // The scope is said: the headline adds both labels up, and the cohorts compared are named.
    EXPECT_TRUE(std::regex_search(text, std::regex("The headline figures add up 2 datasets: after, before\\.")))
        << text.substr(0, 2000);
    EXPECT_TRUE(
        std::regex_search(text, std::regex("Compared: A label=before \\(200 jobs\\) · B label=after \\(200 jobs\\)")))
        << text.substr(0, 2000);
    // Every page is numbered "Page i of n".
    for (int i = 1; i <= pages; ++i) {
        EXPECT_NE(text.find("Page " + std::to_string(i) + " of " + std::to_string(pages)), std::string::npos) << i;
    }
    // The headline ETT% and the worst job are the engine's.
    const std::string ett = formatPercent(ettOf(content.overview.fleet, Weighting::Gpu), 1).toStdString();
    EXPECT_NE(text.find(ett), std::string::npos) << ett;
    ASSERT_FALSE(content.overview.topJobs.empty());
    EXPECT_NE(text.find(content.overview.topJobs.front().key), std::string::npos);
    // The same jobs under two labels: no change, and the contents point at the pages.
    ASSERT_TRUE(content.comparison && content.comparison->deltaPp);
    EXPECT_EQ(*content.comparison->deltaPp, 0.0);
    EXPECT_TRUE(std::regex_search(text, std::regex("1\\s+Headline figures\\s+2\\s")));
    // The checkpoint advice is the advisor's, per job of the scope: the fleet's optimum
    // and the job with the most GPU-hours to gain, with its projected gain.
    EXPECT_NE(text.find("Checkpoint intervals"), std::string::npos);
    ASSERT_TRUE(content.advice.youngIntervalS.has_value());
    EXPECT_NE(text.find(formatSeconds(content.advice.youngIntervalS).toStdString()), std::string::npos);
    ASSERT_FALSE(content.adviceJobs.empty());
    const auto& best = content.adviceJobs.front();
    ASSERT_TRUE(best.gainPp.has_value() && best.gainGpuHours.has_value());
    for (const auto& other : content.adviceJobs) {
        EXPECT_LE(other.gainGpuHours.value_or(-1), *best.gainGpuHours) << other.name;
    }
    // The job's key (a key under two labels is named "key (label)", which the column may elide).
    const std::string key = best.name.substr(0, best.name.find(' '));
    const std::string gain = QString::number(*best.gainPp, 'f', 2).toStdString();
    EXPECT_TRUE(std::regex_search(
        text, std::regex(key + "[^\\n]*\\s" + std::regex_replace(gain, std::regex("\\."), "\\.") + "\\s")))
        << key << " " << gain;
    EXPECT_EQ(content.advice.measured.jobs, content.overview.fleet.jobs);
    // Numbers read alike in every section: GPU-days with thousands separators as counts and
    // hours have them, the bridge's ETT% with its percent sign, intervals in signed points.
    EXPECT_TRUE(std::regex_search(text, std::regex("\\(200 jobs, [0-9]{1,3},[0-9]{3}\\.[0-9] GPU-days\\)")));
    EXPECT_TRUE(std::regex_search(text, std::regex("ETT% of A\\s+[0-9]+\\.[0-9]{3}%")));
    EXPECT_TRUE(std::regex_search(text, std::regex("(−|\\+)?[0-9]+\\.[0-9]{2} pp to (−|\\+)?[0-9]+\\.[0-9]{2} pp")));
    // The interruptions tile adds up: failures, preemptions and the other interruptions, whose
    // detail (three figures) wraps under the value without running into it.
    const core::Figures& f = content.overview.fleet;
    ASSERT_GT(f.otherInterruptions, 0);
    const std::string plain = run("pdftotext '" + pdf + "' -"); // the tile's lines, not the page's columns
    EXPECT_TRUE(std::regex_search(plain,
        std::regex(formatCount(f.failures).toStdString() + " failures,\\s+" + formatCount(f.preemptions).toStdString()
            + "\\s+preemptions,\\s+" + formatCount(f.otherInterruptions).toStdString() + "\\s+other")));
    // Nothing the window says about clicking ("ETT%, click a point to select its day").
    EXPECT_EQ(text.find("click"), std::string::npos);
    EXPECT_NE(text.find("ETT% per day"), std::string::npos);
    // No text over other text on any page (the Gantt's TTS and TTR labels of short attempts were).
    expectTidyPages(pdf);
}

// Saved what-if scenarios are projected on every report: the figures are the
// engine's projection of the same scenario, and one whose cohort names a label the database lacks
// says why instead of failing the report.
// In Portuguese (LANG=pt_BR.UTF-8 for ettw report): the default title, the section headings, the
// bucket names and the figures in the pt_BR forms; the ASCII of the English ones is gone.
TEST_F(ReportTest, SpeaksPortugueseWithItsNumberForms)
{
    if (!havePdftotext()) {
        GTEST_SKIP() << "pdftotext (poppler-utils) is not installed";
    }
    ASSERT_EQ(setUpLanguage(*QCoreApplication::instance(), QStringLiteral("pt_BR"),
                  QLocale(QLocale::Portuguese, QLocale::Brazil)),
        QStringLiteral("pt_BR"));
    ReportRequest request; // with a comparison, for its Time to Recover bridge
    request.a = *core::parseCohortSpec("label=before", "--a");
    request.b = *core::parseCohortSpec("label=after", "--b");
    const ReportContent content = gather(request);
    int pages = 0;
    const std::string pdf = write(content, "relatorio.pdf", QPageSize::A4, &pages);
    setUpLanguage(*QCoreApplication::instance(), QStringLiteral("en"), QLocale::c());
    const std::string text = run("pdftotext -layout '" + pdf + "' -");
    for (const std::string needle : { "Para onde foi o tempo de treinamento", "Tempo Efetivo de Treinamento",
             "Números principais", "progresso perdido", "ponderado por GPU", "Tempo para iniciar" }) {
        EXPECT_NE(text.find(needle), std::string::npos) << "missing: " << needle;
    }
    // The advisor's count of flagged jobs too (it wrote "9 of 400 jobs flagged (9 losing more than
    // an interval per interruption)" in English).
    // The flags of the advice table too ("lost high").
    EXPECT_NE(text.find("perda alta"), std::string::npos);
    for (const std::string english : { "Where the training time went", "Headline figures", "lost progress",
             "jobs flagged", "losing more", "lost high" }) {
        EXPECT_EQ(text.find(english), std::string::npos) << "still English: " << english;
    }
    // Longer words than the English ones, whole: the advice table's column titles (they read
    // "desp…cio" and "razão…perda") and the waste chart's axis title ("desperdício, % do te…").
    for (const std::string whole : { "desperdício", "razão de perda" }) {
        EXPECT_NE(text.find(whole), std::string::npos) << "cut: " << whole;
    }
    EXPECT_NE(text.find("desperdício, % do loop"), std::string::npos);
    // The waste chart names the fleet in Portuguese ("...: fleet" before; pdftotext may give "fi"
    // as its ligature).
    EXPECT_NE(text.find("cação: frota"), std::string::npos);
    EXPECT_EQ(text.find("cação: fleet"), std::string::npos);
    EXPECT_FALSE(std::regex_search(text, std::regex("desperdício, %[^\\n]*(\\.\\.\\.|\xE2\x80\xA6)"))) << "cut";
    EXPECT_EQ(text.find("desp\xE2\x80\xA6"), std::string::npos);
    // The headline tiles' titles on two lines rather than elided ("Tempo para recuperar…",
    // "ETT% (ponderado por …").
    EXPECT_FALSE(std::regex_search(text, std::regex("(recuperar|ponderado por)\\s*(\\.\\.\\.|\xE2\x80\xA6)"))) << text;
    // The parts of Time to Recover in the bridge from A to B (they were "detect", "restart").
    EXPECT_TRUE(std::regex_search(text, std::regex("\\n\\s*detecção\\s+[+−]")));
    EXPECT_FALSE(std::regex_search(text, std::regex("\\n\\s*(detect|restart|start-up)\\s+[+−]")));
    // A percentage with a decimal comma ("80,5%") and no "%%" left by a chart axis.
    EXPECT_TRUE(std::regex_search(text, std::regex("[0-9],[0-9]+%"))) << "no pt_BR percentage";
    EXPECT_EQ(text.find("%%"), std::string::npos);
}

TEST_F(ReportTest, SavedScenariosAreProjected)
{
    if (!havePdftotext()) {
        GTEST_SKIP() << "pdftotext (poppler-utils) is not installed";
    }
    auto faster = core::parseScenario(R"({"name":"faster start","cohort":"label=after","changes":[)"
                                      R"({"bucket":"compile","scale":0.6},{"interruptions":"failures","scale":0.7}]})",
        "test");
    ASSERT_TRUE(faster.ok()) << faster.error().message;
    ASSERT_TRUE(core::saveScenario(*m_db, *faster).ok());
    auto stale = core::parseScenario(
        R"({"name":"gone","cohort":"label=nightly","changes":[{"bucket":"setup","scale":0.5}]})", "test");
    ASSERT_TRUE(stale.ok());
    ASSERT_TRUE(core::saveScenario(*m_db, *stale).ok());

    const ReportContent content = gather(ReportRequest {});
    ASSERT_EQ(content.scenarios.size(), 2u);
    const auto& f = content.scenarios[0];
    EXPECT_EQ(f.scenario.name, "faster start");
    ASSERT_TRUE(f.result.has_value()) << f.error;
    const auto expected = gpu::runScenario(*m_engine, *faster);
    ASSERT_TRUE(expected.ok());
    EXPECT_EQ(f.result->projectedPico, expected->projectedPico);
    EXPECT_GT(*f.result->projectedPico, *f.result->todayPico);
    EXPECT_FALSE(content.scenarios[1].result.has_value());
    EXPECT_NE(content.scenarios[1].error.find("nightly"), std::string::npos);

    int pages = 0;
    const std::string text
        = run("pdftotext -layout '" + write(content, "scenarios.pdf", QPageSize::A4, &pages) + "' -");
    const auto percent
        = [](int64_t pico) { return QString::number(static_cast<double>(pico) * 1e-12, 'f', 3).toStdString() + "%"; };
    for (const std::string& needle : { std::string("What-if scenarios"), std::string("faster start"),
             std::string("compile x0.6"), std::string("failures x0.7"), percent(*f.result->todayPico),
             percent(*f.result->projectedPico), std::string("Could not be projected") }) {
        EXPECT_NE(text.find(needle), std::string::npos) << "missing: " << needle;
    }
}

// A job of many attempts (issue: the report drew the first 12 and said how many were left out):
// every attempt has its row in the report, continued under a repeated time axis.
TEST_F(ReportTest, EveryAttemptOfAWorstJobIsDrawn)
{
    if (!havePdftotext()) {
        GTEST_SKIP() << "pdftotext (poppler-utils) is not installed";
    }
    // 30 attempts of an hour each, 10 min apart: failed, preempted, ..., the last completed.
    constexpr int kAttempts = 30;
    std::vector<TraceAttempt> attempts;
    for (int a = 0; a < kAttempts; ++a) {
        const int64_t start = 1749200000 + int64_t { a } * 4200;
        attempts.push_back(
            { start, start + 3600, a == kAttempts - 1 ? "completed" : (a % 2 == 0 ? "failed" : "preempted") });
    }
    importTrace(jobTrace("flaky", attempts), "flaky");
    ReportRequest request;
    request.scope = *core::parseCohortSpec("label=flaky", "--scope");
    const ReportContent content = gather(request);
    ASSERT_EQ(content.worst.size(), 1u);
    ASSERT_EQ(content.worst.front().timeline->attempts.size(), size_t { kAttempts });
    int pages = 0;
    const std::string text = run("pdftotext -layout '" + write(content, "flaky.pdf", QPageSize::A4, &pages) + "' -");
    for (int a = 0; a < kAttempts; ++a) {
        const std::string outcome = a == kAttempts - 1 ? "completed" : (a % 2 == 0 ? "failed" : "preempted");
        const std::string row = "attempt " + std::to_string(a) + " · " + outcome;
        EXPECT_NE(text.find(row), std::string::npos) << "missing row: " << row;
    }
    EXPECT_EQ(text.find("not drawn"), std::string::npos);
    // 31 rows (the job's and 30 attempts') do not fit under the chart and the table: the rows go
    // on under the same job, named again.
    EXPECT_NE(text.find("flaky, continued"), std::string::npos);
    // Short attempts put their TTS and TTR brackets side by side: no label over another, and no
    // row drawn (clipped, yet in the text) below the end of its block; the time axes' labels and
    // the legend inside the margins.
    expectTidyPages((m_dir / "flaky.pdf").string());
}

// A job whose first attempt failed and that waited a week for the next: on one time axis its
// later attempts were a sliver at the right end of the page. The axis is cut where no attempt
// ran, each piece under its own ticks, and the attempts spread over the page.
TEST_F(ReportTest, AJobsAttemptsAfterALongGapAreNotASliver)
{
    if (!havePdftotext()) {
        GTEST_SKIP() << "pdftotext (poppler-utils) is not installed";
    }
    constexpr int kAttempts = 6;
    std::vector<TraceAttempt> attempts;
    for (int a = 0; a < kAttempts; ++a) {
        const int64_t start = a == 0 ? 1749200000 : 1749200000 + 7 * 86400 + int64_t { a - 1 } * 4200;
        attempts.push_back({ start, start + (a == 0 ? 600 : 3600), a == kAttempts - 1 ? "completed" : "failed" });
    }
    importTrace(jobTrace("waited", attempts), "waited");
    ReportRequest request;
    request.scope = *core::parseCohortSpec("label=waited", "--scope");
    const ReportContent content = gather(request);
    ASSERT_EQ(content.worst.size(), 1u);
    const std::string pdf = write(content, "waited.pdf", QPageSize::A4, nullptr);
    const std::string text = run("pdftotext '" + pdf + "' -");
    EXPECT_TRUE(std::regex_search(
        text, std::regex("The time axis is cut \\(//\\) where no attempt ran for long: [67] d [0-9]{2} h left out")))
        << text;
    // The TTS brackets of the attempts after the wait (all but the topmost, attempt 0's) spread
    // over the time area rather than within a few points of each other at its end.
    for (const PdfPage& page : pdfWords(pdf)) {
        std::vector<const Word*> tts;
        for (const Word& w : page.words) {
            if (w.text == "TTS") {
                tts.push_back(&w);
            }
        }
        if (tts.size() < 4) {
            continue;
        }
        std::sort(tts.begin(), tts.end(), [](const Word* a, const Word* b) { return a->y0 < b->y0; });
        double lo = page.width;
        double hi = 0;
        for (size_t i = 1; i < tts.size(); ++i) {
            lo = std::min(lo, tts[i]->x0);
            hi = std::max(hi, tts[i]->x0);
        }
        EXPECT_GT(hi - lo, page.width / 3) << "the attempts' brackets within " << hi - lo << " pt";
    }
    expectTidyPages(pdf);
}

// A run of spans too narrow to draw is one block that says how many it holds: "2,000", with
// its thousands separator as every count of the report (it read "2000").
TEST_F(ReportTest, FoldedSpansAreCountedWithSeparators)
{
    if (!havePdftotext()) {
        GTEST_SKIP() << "pdftotext (poppler-utils) is not installed";
    }
    // 2,000 one-second steps, training and evaluating in turn.
    std::string trace = jobTrace("steps", { { 1749200000, 1749202000, "completed" } });
    for (int i = 0; i < 2000; ++i) {
        trace += R"({"type":"phase","job":"steps","attempt":0,"phase":")" + std::string(i % 2 ? "eval" : "train")
            + R"(","start":)" + std::to_string(1749200000 + i) + R"(,"end":)" + std::to_string(1749200001 + i) + "}\n";
    }
    importTrace(trace, "steps");
    ReportRequest request;
    request.scope = *core::parseCohortSpec("label=steps", "--scope");
    const std::string text = run("pdftotext '" + write(gather(request), "steps.pdf", QPageSize::A4, nullptr) + "' -");
    EXPECT_TRUE(std::regex_search(text, std::regex("(^|\\s)[0-9],[0-9]{3}(\\s|$)"))) << "no grouped fold count";
    EXPECT_FALSE(std::regex_search(text, std::regex("(^|\\s)1[0-9]{3}(\\s|$)"))) << "a count without its separator";
}

// On a large fleet every flagged job made the advice table eight pages long (387 of 20,000
// jobs): the table lists the jobs with the most to gain, then at most request.flaggedJobs
// flagged ones, and says how many more are flagged.
TEST_F(ReportTest, FlaggedJobsInTheAdviceAreCapped)
{
    if (!havePdftotext()) {
        GTEST_SKIP() << "pdftotext (poppler-utils) is not installed";
    }
    ReportRequest all;
    all.adviceJobs = 0;
    all.flaggedJobs = 1000;
    const ReportContent every = gather(all);
    // Without the cap the list holds every flagged job, and only those (no gain slots).
    ASSERT_EQ(static_cast<int64_t>(every.adviceJobs.size()), every.flaggedJobs);
    ASSERT_GE(every.flaggedJobs, 4) << "the sample under two labels has flagged jobs";

    ReportRequest capped;
    capped.adviceJobs = 3;
    capped.flaggedJobs = 2;
    const ReportContent content = gather(capped);
    EXPECT_EQ(content.flaggedJobs, every.flaggedJobs);
    int64_t flaggedInTop = 0;
    for (size_t i = 0; i < 3 && i < content.adviceJobs.size(); ++i) {
        flaggedInTop += content.adviceJobs[i].flags.empty() ? 0 : 1;
    }
    int64_t listed = 0;
    for (const auto& j : content.adviceJobs) {
        listed += j.flags.empty() ? 0 : 1;
    }
    // The top 3 by gain, then flagged ones until 2 flagged jobs are listed in all.
    EXPECT_EQ(listed, std::max<int64_t>(flaggedInTop, 2));
    EXPECT_EQ(static_cast<int64_t>(content.adviceJobs.size()), 3 + (listed - flaggedInTop));
    const std::string text = run("pdftotext '" + write(content, "capped.pdf", QPageSize::A4, nullptr) + "' -");
    const std::string note
        = formatCount(content.flaggedJobs - listed).toStdString() + " more flagged jobs are not listed";
    EXPECT_NE(text.find(note), std::string::npos) << note;
}

// Job keys as long as a MLPerf result's path: the chart of the jobs that lost the most sized its
// axis to the longest name and pushed the names past the page's left edge. They are elided in
// the middle, as in the table, and no word of the report reaches the edge of the paper.
// A figure too wide for its column is set smaller, never cut: pdftotext reads it whole. A name
// too wide is cut in the middle.
TEST_F(ReportTest, NumbersInTablesAreNeverCut)
{
    if (!havePdftotext()) {
        GTEST_SKIP() << "pdftotext (poppler-utils) is not installed";
    }
    const std::string pdf = paintPage("table.pdf", [](report::Layout& layout) {
        layout.table({ { QStringLiteral("name"), 0.15, Qt::AlignLeft }, { QStringLiteral("lost"), 0.12 } },
            { { QStringLiteral("ranking-llama-405b-pretrain-stage2"), QStringLiteral("365,547,123.5 GPU-h") },
                { QStringLiteral("b"), QStringLiteral("-64,569,683 GPU-h") } });
    });
    const std::string text = run("pdftotext -raw '" + pdf + "' -");
    EXPECT_NE(text.find("365,547,123.5 GPU-h"), std::string::npos) << text;
    EXPECT_NE(text.find("-64,569,683 GPU-h"), std::string::npos) << text;
    EXPECT_EQ(text.find("ranking-llama-405b-pretrain-stage2"), std::string::npos) << "the name is cut";
    EXPECT_NE(text.find("\xE2\x80\xA6"), std::string::npos) << text;
}

// A headline tile's value keeps its unit inside the tile: "341,844,856 GPU-h" (the lost GPU-hours
// of 80,000 jobs) at the old 9 pt floor was clipped at the tile's edge and read "341,844,856 GPU".
TEST_F(ReportTest, TileValuesKeepTheirUnits)
{
    if (!havePdftotext()) {
        GTEST_SKIP() << "pdftotext (poppler-utils) is not installed";
    }
    QRectF tiles;
    const std::string pdf = paintPage("tiles.pdf", [&](report::Layout& layout) {
        layout.block(78, [&](QPainter& p, const QRectF& r) {
            tiles = r;
            report::paintTiles(p, r,
                { { QStringLiteral("ETT%"), QStringLiteral("63.7%"), QString() },
                    { QStringLiteral("Lost"), QStringLiteral("341,844,856 GPU-h"), QStringLiteral("of a lot") },
                    { QStringLiteral("Interruptions"), QStringLiteral("44,315"), QString() },
                    { QStringLiteral("Time to start, p50"), QStringLiteral("10 min 38 s"), QString() },
                    { QStringLiteral("Time to recover, p50"), QStringLiteral("20 min 35 s"), QString() } });
        });
    });
    // The second tile, in points (the page is laid out in 96-dpi pixels).
    const double w = (tiles.width() - 4 * 8) / 5;
    const double left = (tiles.left() + w + 8) * 0.75;
    const double right = (tiles.left() + 2 * w + 8) * 0.75;
    const auto pages = pdfWords(pdf);
    ASSERT_EQ(pages.size(), 1u);
    int found = 0;
    for (const Word& word : pages[0].words) {
        if (word.text == "341,844,856" || word.text == "GPU-h") {
            ++found;
            EXPECT_GE(word.x0, left) << word.text;
            EXPECT_LE(word.x1, right) << word.text << " runs out of its tile";
        }
    }
    EXPECT_EQ(found, 2);
}

// The interruptions of 80,000 jobs by cause class, at the page's width: the names with their
// counts ran into each other ("preemption (13,887)dependency (3,639)") and the count axis read
// "30000". Names wider than their category are broken over lines; axis numbers are grouped.
TEST_F(ReportTest, CategoryNamesDoNotOverlapAndAxisNumbersAreGrouped)
{
    if (!havePdftotext()) {
        GTEST_SKIP() << "pdftotext (poppler-utils) is not installed";
    }
    OverviewData overview;
    const std::pair<const char*, int64_t> classes[] = { { "infra", 20123 }, { "preemption", 13887 },
        { "dependency", 3639 }, { "user", 2563 }, { "maintenance", 2226 }, { "unknown", 1877 } };
    for (const auto& [name, count] : classes) {
        gpu::GroupFigures g;
        g.name = name;
        g.figures.failures = count;
        overview.byCauseClass.push_back(g);
    }
    const std::string pdf = paintPage("causes.pdf", [&](report::Layout& layout) {
        layout.block(270, [&](QPainter& p, const QRectF& r) {
            report::renderChart(p, r, [&](QChart* chart) { fillCausesChart(chart, overview, true); });
        });
    });
    const auto overlaps = overlappingWords(pdf);
    EXPECT_TRUE(overlaps.empty()) << overlaps.size() << " overlaps, first: " << overlaps.front();
    const std::string text = run("pdftotext '" + pdf + "' -");
    for (const char* needle : { "(13,887)", "maintenance", "(2,226)", "20,000" }) {
        EXPECT_NE(text.find(needle), std::string::npos) << "missing: " << needle << "\n" << text;
    }
    EXPECT_EQ(text.find("20000"), std::string::npos) << text;
}

// Files are told apart by their paths below the folder they all share.
TEST(ReportProvenance, PathsAreRelativeToTheirCommonFolder)
{
    using report::commonFolder;
    using report::relativePath;
    const std::vector<QString> runs { QStringLiteral("/data/torchtitan-logs/runs/run40/run.log"),
        QStringLiteral("/data/torchtitan-logs/runs/run106/run.log"),
        QStringLiteral("/data/mlperf/NVIDIA/result_4.txt") };
    EXPECT_EQ(commonFolder(runs), QStringLiteral("/data"));
    EXPECT_EQ(relativePath(commonFolder(runs), runs[1]), QStringLiteral("torchtitan-logs/runs/run106/run.log"));
    EXPECT_EQ(commonFolder({ runs[0], runs[1] }), QStringLiteral("/data/torchtitan-logs/runs"));
    EXPECT_EQ(commonFolder({ runs[0] }), QStringLiteral("/data/torchtitan-logs/runs/run40"));
    EXPECT_EQ(relativePath(commonFolder({ runs[0] }), runs[0]), QStringLiteral("run.log"));
    // Nothing shared but the root, or relative names: the paths as they are.
    EXPECT_EQ(commonFolder({ runs[0], QStringLiteral("/tmp/x.log") }), QString());
    EXPECT_EQ(commonFolder({ QStringLiteral("a.log"), QStringLiteral("b/a.log") }), QString());
    EXPECT_EQ(relativePath(QString(), QStringLiteral("b/a.log")), QStringLiteral("b/a.log"));
    // A folder is not a prefix of a longer name ("/data/run" does not hold "/data/runs/x").
    EXPECT_EQ(
        relativePath(QStringLiteral("/data/run"), QStringLiteral("/data/runs/x")), QStringLiteral("/data/runs/x"));
}

// A hundred torchtitan runs are each a "run.log": the provenance listed a hundred rows of the same
// name, with their hashes, over two pages before the headline figures. Many files are grouped on
// the title page (a row per label and format, with their folder), the headline figures start on
// page 2, and the last section lists every file by its path below its group's folder, with its
// hash.
TEST_F(ReportTest, ManyFilesAreGroupedAndToldApart)
{
    if (!havePdftotext()) {
        GTEST_SKIP() << "pdftotext (poppler-utils) is not installed";
    }
    constexpr int kFiles = 30;
    for (int i = 0; i < kFiles; ++i) {
        // Folders named as torchtitan's runs, told apart by their start.
        char name[80];
        std::snprintf(name, sizeof name, "run-%02d-sdpa-prefetch-seq128-lbs160-compile-bf16-no-flight-recorder", i);
        const fs::path dir = m_dir / "runs" / name;
        fs::create_directories(dir);
        const std::string job = "job-" + std::to_string(i);
        std::ofstream(dir / "trace.ett.jsonl")
            << R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"})"
               "\n"
            << R"({"type":"job","job":")" << job
            << R"(","gpus":8})"
               "\n"
            << R"({"type":"attempt","job":")" << job << R"(","attempt":0,"start":1749200000,"end":)" << 1749203600 + i
            << R"(,"outcome":"completed"})"
               "\n"
            << R"({"type":"phase","job":")" << job
            << R"(","attempt":0,"phase":"train","start":1749199900,"end":1749203600})"
               "\n";
        core::ImportOptions o;
        o.label = "runs";
        auto r = core::importTraceFile(*m_db, (dir / "trace.ett.jsonl").string(), o);
        ASSERT_TRUE(r.ok()) << r.error().message;
    }
    const ReportContent content = gather(ReportRequest {});
    ASSERT_EQ(content.datasets.size(), size_t { kFiles + 2 });
    const std::string pdf = write(content, "many.pdf", QPageSize::A4, nullptr);
    const std::string text = run("pdftotext '" + pdf + "' -");
    std::vector<std::string> pages;
    std::stringstream split(text);
    for (std::string page; std::getline(split, page, '\f');) {
        pages.push_back(page);
    }
    ASSERT_GE(pages.size(), 3u);
    EXPECT_TRUE(
        std::regex_search(run("pdftotext -layout '" + pdf + "' -"), std::regex("1\\s+Headline figures\\s+2\\s")));
    EXPECT_EQ(pages[1].find("Headline figures"), 0u) << pages[1].substr(0, 200);
    // The title page: the group of 30 files in its folder, no file's hash.
    EXPECT_NE(pages[0].find((m_dir / "runs").string() + "/"), std::string::npos) << pages[0];
    const size_t last = text.rfind("Every file imported");
    ASSERT_NE(last, std::string::npos);
    for (const auto& d : content.datasets) {
        if (d.label != "runs") {
            continue;
        }
        EXPECT_EQ(pages[0].find(d.sha256), std::string::npos) << "a hash on the title page";
        const std::string run = fs::path(d.sourcePath).parent_path().filename().string().substr(0, 7);
        EXPECT_NE(text.find(run, last), std::string::npos) << run;
        EXPECT_NE(text.find(d.sha256, last), std::string::npos) << run;
    }
    // Each file's import issue (its phase starts before its attempt) names it below its label's
    // folder ("run-07-sdpa…recorder/trace.ett.jsonl"; below the folder of every file it was cut
    // to "/tmp/ett-rep…-recorder/trace.ett.jsonl", the same for every run).
    const size_t issues = text.rfind("Import issues", last);
    ASSERT_NE(issues, std::string::npos);
    for (int i = 0; i < kFiles; ++i) {
        char run[16];
        std::snprintf(run, sizeof run, "run-%02d-", i);
        const size_t at = text.find(run, issues);
        EXPECT_TRUE(at != std::string::npos && at < last) << run;
    }
    const auto edge = wordsAtTheEdge(pdf);
    EXPECT_TRUE(edge.empty()) << edge.size() << " words at the edge, first: " << edge.front();
}

// The advisor's count of flagged jobs with thousands separators, as every figure of the report.
TEST_F(ReportTest, TheAdviceNoteGroupsItsFiguresAndSaysWhatIsMissingInTheReportsLanguage)
{
    core::CheckpointAdvice a;
    a.measured.mtbiS = 3600.0;
    a.currentIntervalS = 600.0; // no blocking time measured
    a.flaggedJobs = 1625;
    a.flaggedHigh = 1621;
    a.flaggedLow = 4;
    a.measured.jobs = 79983;
    EXPECT_EQ(report::adviceNote(a).toStdString(),
        "no blocking checkpoint_save time measured; 1,625 of 79,983 jobs flagged: 1,621 losing more than an interval "
        "per interruption, 4 losing far less than half an interval");
    a.blockingS = 30.0;
    a.flaggedHigh = 1625;
    a.flaggedLow = 0;
    EXPECT_EQ(report::adviceNote(a).toStdString(),
        "1,625 of 79,983 jobs flagged: 1,625 losing more than an interval per interruption");
    a.flaggedJobs = a.flaggedHigh = a.flaggedLow = 0;
    a.currentIntervalS.reset();
    const std::string english = "fewer than two durable checkpoints in one attempt (no interval measured)";
    EXPECT_EQ(report::adviceNote(a).toStdString(), english);
    // In Portuguese the reason is Portuguese too (core's English note was printed as it was).
    ASSERT_EQ(setUpLanguage(*QCoreApplication::instance(), QStringLiteral("pt_BR"),
                  QLocale(QLocale::Portuguese, QLocale::Brazil)),
        QStringLiteral("pt_BR"));
    const std::string portuguese = report::adviceNote(a).toStdString();
    setUpLanguage(*QCoreApplication::instance(), QStringLiteral("en"), QLocale::c());
    EXPECT_NE(portuguese.find("nenhum intervalo medido"), std::string::npos) << portuguese;
    EXPECT_EQ(portuguese.find("fewer than"), std::string::npos) << portuguese;
}

// A histogram of a single value: its count axis read "0 0 0 1 1 1" (ticks at 0.2 steps printed
// without decimals); it reads 0 and 1.
TEST_F(ReportTest, AHistogramOfFewValuesCountsInWholeNumbers)
{
    if (!havePdftotext()) {
        GTEST_SKIP() << "pdftotext (poppler-utils) is not installed";
    }
    const std::string pdf = paintPage("histogram.pdf", [&](report::Layout& layout) {
        layout.block(230, [&](QPainter& p, const QRectF& r) {
            report::renderChart(p, QRectF(r.topLeft(), QSizeF(r.width() / 2, r.height())), [&](QChart* chart) {
                fillDurationHistogramChart(
                    chart, { int64_t { 300'000'000'000 } }, QStringLiteral("Time to start"), Qt::blue);
            });
        });
    });
    std::vector<std::string> counts;
    const auto pages = pdfWords(pdf);
    ASSERT_EQ(pages.size(), 1u);
    // The count axis: numbers each on a row of its own (the time axis's share one row).
    const auto number = [](const Word& w) { return std::regex_match(w.text, std::regex("[0-9]+")); };
    for (const Word& w : pages[0].words) {
        const auto sameRow = std::count_if(pages[0].words.begin(), pages[0].words.end(),
            [&](const Word& o) { return number(o) && std::abs(o.y0 - w.y0) < 1; });
        if (number(w) && sameRow == 1) {
            counts.push_back(w.text);
        }
    }
    EXPECT_EQ(counts, (std::vector<std::string> { "1", "0" }));
}

// With an eval phase, as a MLPerf run has, the Gantt's legend has five entries and its last,
// "many small spans (shares of time)", ran past the page's margin.
TEST_F(ReportTest, LongJobKeysStayOnThePage)
{
    if (!havePdftotext()) {
        GTEST_SKIP() << "pdftotext (poppler-utils) is not installed";
    }
    const std::string key = "NVIDIA/eos_n8_ngc24.04_nemo/llama2_70b_lora/result_4";
    importTrace(R"({"type":"header","format":"ett-trace","version":1,"time_unit":"s"})"
                "\n"
                R"({"type":"job","job":")"
            + key
            + R"(","gpus":64})"
              "\n"
              R"({"type":"attempt","job":")"
            + key
            + R"(","attempt":0,"start":1749200000,"end":1749203600})"
              "\n"
              R"({"type":"phase","job":")"
            + key
            + R"(","attempt":0,"phase":"init","start":1749200000,"end":1749200600})"
              "\n"
              R"({"type":"phase","job":")"
            + key
            + R"(","attempt":0,"phase":"train","start":1749200600,"end":1749203000})"
              "\n"
              R"({"type":"phase","job":")"
            + key
            + R"(","attempt":0,"phase":"eval","start":1749203000,"end":1749203600})"
              "\n",
        "mlperf");
    ReportRequest request;
    request.scope = *core::parseCohortSpec("label=mlperf", "--scope");
    const std::string pdf = write(gather(request), "long.pdf", QPageSize::A4, nullptr);
    const auto edge = wordsAtTheEdge(pdf);
    EXPECT_TRUE(edge.empty()) << edge.size() << " words at the edge, first: " << edge.front();
    EXPECT_NE(run("pdftotext '" + pdf + "' -").find("NVIDIA/eos_n8_n…0b_lora/result_4"), std::string::npos);
}

// A level-1 heading follows the section before it on a page less than half full and starts a
// page otherwise (a short section does not take a page of its own), as Layout runs it.
TEST(ReportLayout, ASectionFollowsOnAPageLessThanHalfFullAndStartsOneOtherwise)
{
    ensureApp();
    QPdfWriter writer(QStringLiteral("/dev/null"));
    setUpA4(writer);
    report::Layout dry(writer, nullptr, QStringLiteral("footer"), 0); // a dry run: no painter
    const double body = dry.remaining();
    dry.block(body * 0.4 - report::kGap, [](QPainter&, const QRectF&) {});
    dry.heading(QStringLiteral("Short"), 1, nullptr, nullptr);
    EXPECT_EQ(dry.page(), 1) << "less than half full: the section follows";
    dry.block(dry.remaining() - body * 0.4, [](QPainter&, const QRectF&) {}); // now 60% full
    dry.heading(QStringLiteral("Next"), 1, nullptr, nullptr);
    EXPECT_EQ(dry.page(), 2) << "more than half full: a new page";
}

// A note that belongs under a table (keepAfter) stays on the page of the table's last row: where
// it would not fit, that row goes to the next page with it (under the header again) instead of
// leaving the note alone at the top of a page.
TEST(ReportLayout, ANoteKeptAfterATableStaysWithItsLastRow)
{
    ensureApp();
    QPdfWriter writer(QStringLiteral("/dev/null"));
    setUpA4(writer);
    const std::vector<report::Column> cols
        = { { QStringLiteral("name"), 0.5, Qt::AlignLeft }, { QStringLiteral("value"), 0.5 } };
    const std::vector<QStringList> rows(6, QStringList { QStringLiteral("a"), QStringLiteral("1") });
    const QString note = QStringLiteral("A note about the table.");
    // Filled so that the table's six rows just fit and the note does not.
    const auto fill = [&](report::Layout& l) {
        const double table = l.tableHeight(rows.size(), report::font(9));
        l.block(l.remaining() - table - report::kGap - 2, [](QPainter&, const QRectF&) {});
        ASSERT_EQ(l.page(), 1);
    };
    {
        report::Layout alone(writer, nullptr, QStringLiteral("footer"), 0);
        fill(alone);
        alone.table(cols, rows, report::font(9));
        EXPECT_EQ(alone.page(), 1) << "the rows fit";
        alone.text(note, report::font(8));
        EXPECT_EQ(alone.page(), 2) << "without keepAfter the note goes alone to the next page";
    }
    {
        report::Layout kept(writer, nullptr, QStringLiteral("footer"), 0);
        fill(kept);
        kept.table(cols, rows, report::font(9), {}, kept.textHeight(note, report::font(8), kept.width()));
        EXPECT_EQ(kept.page(), 2) << "the last row went on with the note";
        const int before = kept.page();
        kept.text(note, report::font(8));
        EXPECT_EQ(kept.page(), before) << "the note is on the last row's page";
    }
}

// In a whole report, every level-1 section after the first pages obeys that rule: the What-if
// section (two lines without scenarios) shares its page with the section before it exactly when
// that section ended in the upper half of its page; the distribution table's note stays with it.
TEST_F(ReportTest, AShortSectionFollowsTheOneBeforeIt)
{
    if (!havePdftotext()) {
        GTEST_SKIP() << "pdftotext (poppler-utils) is not installed";
    }
    for (const auto size : { QPageSize::A4, QPageSize::Letter }) {
        const std::string pdf = write(gather(ReportRequest {}), "short.pdf", size, nullptr);
        const auto pages = pdfWords(pdf);
        // The body in points: 54 px margins, the footer band 26 px (96 dpi).
        const double top = report::kMargin * 0.75;
        const auto bodyBottom = [](const PdfPage& p) { return p.height - (report::kMargin + report::kFooter) * 0.75; };
        const auto lastContent = [&](const PdfPage& p, double above) {
            double y = top;
            for (const Word& w : p.words) {
                if (w.y1 <= std::min(above, bodyBottom(p))) {
                    y = std::max(y, w.y1);
                }
            }
            return y;
        };
        bool found = false;
        for (size_t n = 1; n < pages.size(); ++n) {
            const auto& words = pages[n].words;
            for (size_t i = 0; i + 3 < words.size(); ++i) {
                if (words[i].text != "What-if" || words[i + 1].text != "scenarios" || words[i + 2].text != "No") {
                    continue;
                }
                found = true;
                const double half = top + (bodyBottom(pages[n]) - top) / 2;
                const double above = lastContent(pages[n], words[i].y0 - 1);
                if (above > top + 1) {
                    EXPECT_LT(above, half) << "the section followed one that ended below the half of page " << n + 1;
                } else {
                    EXPECT_GT(lastContent(pages[n - 1], 1e9), half)
                        << "page " << n + 1 << " starts the section while page " << n << " was less than half full";
                }
            }
            // A note is never alone at the top of a page.
            for (size_t i = 0; i + 2 < words.size(); ++i) {
                if (words[i].text == "Percentiles" && words[i + 1].text == "are"
                    && words[i + 2].text == "nearest-rank") {
                    EXPECT_GT(lastContent(pages[n], words[i].y0 - 1), top + 1)
                        << "the percentiles' note starts page " << n + 1 << " alone";
                }
            }
        }
        EXPECT_TRUE(found) << "no What-if section in " << pdf;
    }
}

// Five saved scenarios fill more than a page: the fifth's heading stayed at the bottom of one
// page and its table went to the next. Each scenario's heading is now on the page of its table,
// and its date reads as the report's ("2026-11-29 22:00 UTC", not RFC 3339 with milliseconds).
TEST_F(ReportTest, ScenarioHeadingsStayWithTheirTables)
{
    if (!havePdftotext()) {
        GTEST_SKIP() << "pdftotext (poppler-utils) is not installed";
    }
    constexpr int kScenarios = 6;
    for (int i = 1; i <= kScenarios; ++i) {
        auto sc = core::parseScenario(R"({"name":"scenario number )" + std::to_string(i)
                + R"(","cohort":"label=after","changes":[{"bucket":"compile","scale":0.5},)"
                  R"({"interruptions":"failures","scale":0.7},{"bucket":"setup","scale":0.5}]})",
            "test");
        ASSERT_TRUE(sc.ok()) << sc.error().message;
        ASSERT_TRUE(core::saveScenario(*m_db, *sc).ok());
    }
    const std::string text
        = run("pdftotext '" + write(gather(ReportRequest {}), "six.pdf", QPageSize::A4, nullptr) + "' -");
    // Pages are separated by form feeds; a page has as many tables' last rows as headings.
    int headings = 0;
    std::stringstream pages(text);
    for (std::string page; std::getline(pages, page, '\f');) {
        int named = 0;
        int projected = 0;
        for (size_t at = page.find("scenario number "); at != std::string::npos;
             at = page.find("scenario number ", at + 1)) {
            ++named;
        }
        for (size_t at = page.find("ETT% projected"); at != std::string::npos;
             at = page.find("ETT% projected", at + 1)) {
            ++projected;
        }
        EXPECT_EQ(named, projected) << page;
        headings += named;
    }
    EXPECT_EQ(headings, kScenarios);
    EXPECT_TRUE(std::regex_search(text, std::regex("saved [0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2} UTC")));
}

// Two cohorts that differ (the east and west clusters of the sample) give a bridge with a step in
// every bucket: on the page's width its staggered bucket names ran into each other
// ("checkpoint loadcheckpoint save"). No word of the report overlaps another.
TEST_F(ReportTest, BridgeNamesDoNotRunIntoEachOther)
{
    if (!havePdftotext()) {
        GTEST_SKIP() << "pdftotext (poppler-utils) is not installed";
    }
    ReportRequest request;
    request.a = *core::parseCohortSpec("label=before,cluster=east", "--a");
    request.b = *core::parseCohortSpec("label=after,cluster=west", "--b");
    const ReportContent content = gather(request);
    ASSERT_TRUE(content.comparison && content.comparison->bridge);
    const std::string pdf = write(content, "bridge.pdf", QPageSize::A4, nullptr);
    EXPECT_NE(run("pdftotext '" + pdf + "' -").find("checkpoint load"), std::string::npos);
    const auto overlaps = overlappingWords(pdf);
    EXPECT_TRUE(overlaps.empty()) << overlaps.size() << " overlaps, first: " << overlaps.front();
}

TEST_F(ReportTest, ChartsAreVectorsAndPagesHaveTheirSize)
{
    const ReportContent content = gather(ReportRequest {});
    int a4Pages = 0;
    int letterPages = 0;
    const std::string a4 = readBytes(write(content, "a4.pdf", QPageSize::A4, &a4Pages));
    const std::string letter = readBytes(write(content, "letter.pdf", QPageSize::Letter, &letterPages));
    EXPECT_NE(a4.find("/MediaBox [0 0 595"), std::string::npos);
    EXPECT_NE(letter.find("/MediaBox [0 0 612"), std::string::npos);
    EXPECT_GE(a4Pages, 4);
    EXPECT_GE(letterPages, 4);
    // No raster but patterns of a few pixels (the hatching of lost progress).
    const std::regex width("/Subtype /Image\\s*/Width (\\d+)");
    for (auto it = std::sregex_iterator(a4.begin(), a4.end(), width); it != std::sregex_iterator(); ++it) {
        EXPECT_LE(std::stoi((*it)[1].str()), 16) << "a raster image in the report";
    }
    // Without cohorts there is no comparison section.
    EXPECT_FALSE(content.comparison.has_value());
}

TEST_F(ReportTest, ListsTheImportIssuesWithTheirSeverity)
{
    importTrace("{\"type\":\"header\",\"format\":\"ett-trace\",\"version\":1,\"time_unit\":\"s\"}\n"
                "{\"type\":\"job\",\"job\":\"c1\",\"gpus\":8}\n"
                "{\"type\":\"attempt\",\"job\":\"c1\",\"attempt\":0,\"start\":1000,\"end\":2000,"
                "\"outcome\":\"completed\"}\n"
                "{\"type\":\"phase\",\"job\":\"c1\",\"attempt\":0,\"phase\":\"train\",\"start\":900,"
                "\"end\":1500}\n",
        "clipped");
    const ReportContent content = gather(ReportRequest {});
    ASSERT_FALSE(content.issues.empty());
    int pages = 0;
    const std::string pdf = write(content, "issues.pdf", QPageSize::A4, &pages);
    const std::string text = run("pdftotext -layout '" + pdf + "' -");
    const size_t section = text.rfind("Import issues");
    ASSERT_NE(section, std::string::npos);
    EXPECT_NE(text.find("phase_clipped", section), std::string::npos);
    EXPECT_NE(text.find("data loss", section), std::string::npos);
    EXPECT_NE(text.find("clipped.ett.jsonl", section), std::string::npos);
}

TEST_F(ReportTest, BadRequestsAndUnwritablePathsAreNamed)
{
    ReportRequest request;
    request.a = *core::parseCohortSpec("label=nope", "--a");
    request.b = *core::parseCohortSpec("label=after", "--b");
    auto c = gatherFresh(request);
    ASSERT_FALSE(c.ok());
    EXPECT_NE(c.error().message.find("nope"), std::string::npos) << c.error().message;
    request.a.reset();
    c = gatherFresh(request);
    ASSERT_FALSE(c.ok()) << "B without A";

    const ReportContent content = gather(ReportRequest {});
    const std::string bad = (m_dir / "missing-dir" / "r.pdf").string();
    auto st = writeReportPdf(content, QString::fromStdString(bad), QPageSize::A4);
    ASSERT_FALSE(st.ok());
    EXPECT_NE(st.error().message.find(bad), std::string::npos) << st.error().message;
    EXPECT_FALSE(fs::exists(bad));
    // Writing over an existing report replaces it whole (written aside, then renamed).
    const std::string path = (m_dir / "again.pdf").string();
    {
        std::ofstream(path) << "old";
    }
    ASSERT_TRUE(writeReportPdf(content, QString::fromStdString(path), QPageSize::A4).ok());
    EXPECT_EQ(readBytes(path).substr(0, 5), "%PDF-");
    for (const auto& e : fs::directory_iterator(m_dir)) {
        const std::string name = e.path().filename().string();
        EXPECT_TRUE(name.starts_with("fleet.db") || name == "again.pdf") << "left behind: " << name;
    }
}

} // namespace
} // namespace ett::app
