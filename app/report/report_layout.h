// The report's page layout: fonts, colours and the layout that puts blocks (text, tables, charts,
// Gantt blocks) top to bottom, page after page, with a footer on each. Used by report_writer.cpp;
// painting only, no figures.
#pragma once

#include "app/service/report_content.h"

#include <QChart>
#include <QColor>
#include <QFont>
#include <QFontMetricsF>
#include <QPagedPaintDevice>
#include <QPainter>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <array>
#include <functional>
#include <optional>
#include <vector>

namespace ett::app::report {

inline constexpr double kMargin = 54.0; // page margin, in 96-dpi pixels (about 14 mm)
inline constexpr double kFooter = 26.0; // the footer band at the bottom of the body
inline constexpr double kGap = 10.0; // between blocks
inline constexpr double kSectionGap = 28.0; // above a section that starts inside a page
inline const QColor kInk(0x22, 0x22, 0x22);
inline const QColor kMuted(0x66, 0x66, 0x66);
inline const QColor kRule(0xCC, 0xCC, 0xCC);
inline const QColor kTint(0xF3, 0xF5, 0xF8);
inline const QColor kAccent(0x00, 0x72, 0xB2); // the palette's productive blue
inline const QColor kCohortA(0xE6, 0x9F, 0x00); // the Compare page's A and B
inline const QColor kCohortB(0x00, 0x72, 0xB2);

inline QFont font(double points, bool bold = false, bool mono = false)
{
    QFont f(mono ? QStringLiteral("DejaVu Sans Mono") : QStringLiteral("DejaVu Sans"));
    f.setStyleHint(mono ? QFont::Monospace : QFont::SansSerif);
    f.setPointSizeF(points);
    f.setBold(bold);
    // No shaping, hence no ligatures ("fi" as one glyph): the PDF's text is then found by search
    // and extracted by pdftotext as it was written.
    f.setStyleStrategy(QFont::PreferNoShaping);
    return f;
}

struct Column
{
    QString title;
    double width; // fraction of the body width
    Qt::Alignment align = Qt::AlignRight;
    bool mono = false; // hashes: a smaller monospaced font, never elided when it fits
    bool path = false; // file paths: cut in the folders, keeping the file's name whole
};

// A file path cut to `width` in its folders ("/tmp/ett-re…/clipped.ett.jsonl"), so that the
// file's name stays whole; cut in the middle when the name alone is wider.
QString elidedPath(const QString& path, const QFontMetricsF& fm, double width);

// Lays blocks out top to bottom, page after page. Runs twice: a dry run (no painter) that finds
// the page of every section and the number of pages, then the real one, which prints them.
class Layout
{
public:
    Layout(QPagedPaintDevice& device, QPainter* painter, QString footer, int totalPages)
        : m_device(device)
        , m_p(painter)
        , m_footerText(std::move(footer))
        , m_total(totalPages)
    {
        const QSizeF size = m_device.pageLayout().fullRectPixels(96).size();
        m_page = QRectF(QPointF(0, 0), size);
        m_body = m_page.adjusted(kMargin, kMargin, -kMargin, -kMargin - kFooter);
        m_y = m_body.top();
    }

    int page() const { return m_pageNo; }
    double width() const { return m_body.width(); }
    double left() const { return m_body.left(); }
    double y() const { return m_y; }
    double remaining() const { return m_body.bottom() - m_y; }
    QPainter* painter() const { return m_p; }
    // The page's device, for font metrics that are the same in the dry run and the real one.
    QPaintDevice* device() const { return &m_device; }

    void finish() { drawFooter(); }

    void newPage()
    {
        drawFooter();
        if (m_p) {
            m_device.newPage();
        }
        ++m_pageNo;
        m_y = m_body.top();
    }

    // Starts a new page unless h fits on this one.
    void ensure(double h)
    {
        if (h > remaining() && m_y > m_body.top() + 1) {
            newPage();
        }
    }

    void space(double h) { m_y = std::min(m_y + h, m_body.bottom()); }

    double textHeight(const QString& text, const QFont& f, double w) const
    {
        const QFontMetricsF fm(f, &m_device);
        return fm.boundingRect(QRectF(0, 0, w, 1e6), Qt::TextWordWrap | Qt::AlignLeft, text).height();
    }

    // A paragraph wrapped to the body width.
    void text(const QString& text, const QFont& f, const QColor& color = kInk, double indent = 0)
    {
        const double w = width() - indent;
        const double h = textHeight(text, f, w);
        ensure(h);
        if (m_p) {
            m_p->setFont(f);
            m_p->setPen(color);
            m_p->drawText(QRectF(left() + indent, m_y, w, h), Qt::TextWordWrap | Qt::AlignLeft, text);
        }
        m_y += h;
    }

    // The height of a table of `rows` rows and its header, as table() draws it.
    double tableHeight(size_t rows, const QFont& f = font(8.5)) const
    {
        return (QFontMetricsF(f, &m_device).height() + 6) * static_cast<double>(rows + 1) + kGap;
    }

    // A section heading (level 1 enters the contents and starts a page, unless the page holds
    // less than half a page so far: a short section then follows the one before it instead of
    // leaving a page nearly empty). A level-2 heading starts a new page unless `keepWith` (the
    // height of what must follow it on the same page, a chart or a scenario's table) fits under
    // it as well; nothing longer than a page is kept.
    void heading(const QString& title, int level, QStringList* sections, std::vector<int>* pages, double keepWith = 0)
    {
        if (level == 1) {
            if (m_y > m_body.top() + 1) {
                if (remaining() < m_body.height() / 2) {
                    newPage();
                } else {
                    space(kSectionGap);
                }
            }
            if (sections) {
                sections->push_back(title);
                pages->push_back(m_pageNo);
            }
        } else {
            const double whole = textHeight(title, font(12, true), width()) + 11 + keepWith;
            ensure(whole <= m_body.height() ? std::max(90.0, whole) : 90.0); // never a heading alone
            space(6);
        }
        const QFont f = font(level == 1 ? 17 : 12, true);
        const double h = textHeight(title, f, width());
        if (m_p) {
            m_p->setFont(f);
            m_p->setPen(level == 1 ? kAccent : kInk);
            m_p->drawText(QRectF(left(), m_y, width(), h), Qt::AlignLeft | Qt::TextWordWrap, title);
            if (level == 1) {
                m_p->setPen(QPen(kRule, 1.0));
                m_p->drawLine(QPointF(left(), m_y + h + 3), QPointF(left() + width(), m_y + h + 3));
            }
        }
        m_y += h + (level == 1 ? 12 : 5);
    }

    // A figure rather than a name: it starts with a digit or a sign ("1,234.5 GPU-h", "-0.25 pp").
    static bool isNumberCell(const QString& cell)
    {
        if (cell.isEmpty()) {
            return false;
        }
        const QChar first = cell.front();
        const bool signed_ = first == u'+' || first == u'-' || first == u'\u2212' || first == u'\u2013';
        return first.isDigit() || (signed_ && cell.size() > 1 && cell[1].isDigit());
    }

    // A table with a header row repeated on every page it spans.
    // `keepAfter`: the height of what follows the table and belongs to it (a note under it), kept
    // on the page of its last row: that row goes to the next page with it rather than leave it alone
    // at the top of a page.
    void table(const std::vector<Column>& cols, const std::vector<QStringList>& rows, const QFont& f = font(8.5),
        const std::vector<int>& boldRows = {}, double keepAfter = 0)
    {
        const QFontMetricsF fm(f, &m_device);
        const double rowH = fm.height() + 6;
        const QFont hf = font(f.pointSizeF(), true);
        auto drawRow = [&](const QStringList& cells, bool header, bool tinted, bool bold) {
            if (!m_p) {
                return;
            }
            if (tinted) {
                m_p->fillRect(QRectF(left(), m_y, width(), rowH), kTint);
            }
            m_p->setFont(header || bold ? hf : f);
            m_p->setPen(header ? kMuted : kInk);
            double x = left();
            for (size_t c = 0; c < cols.size(); ++c) {
                const double w = cols[c].width * width();
                const QString cell
                    = c < static_cast<size_t>(cells.size()) ? cells[static_cast<qsizetype>(c)] : QString();
                const QRectF r(x + 4, m_y, w - 8, rowH);
                QFont cf
                    = cols[c].mono && !header ? font(f.pointSizeF() - 1.5, false, true) : (header || bold ? hf : f);
                // A number is never cut ("365,547…5 GPU-h" reads as another number): it is set
                // smaller until it fits. Names are cut in the middle.
                // A column title, likewise down to 4.5 pt ("gain pp" read "ga…pp", "desperdício"
                // "desp…cio").
                const double least = 4.5;
                if (header || isNumberCell(cell)) {
                    while (
                        cf.pointSizeF() > least && QFontMetricsF(cf, &m_device).horizontalAdvance(cell) > r.width()) {
                        cf.setPointSizeF(cf.pointSizeF() - 0.5);
                    }
                }
                m_p->setFont(cf);
                const QFontMetricsF cfm(cf, &m_device);
                m_p->drawText(r, static_cast<int>(cols[c].align | Qt::AlignVCenter),
                    cols[c].path && !header ? elidedPath(cell, cfm, r.width())
                                            : cfm.elidedText(cell, Qt::ElideMiddle, r.width()));
                x += w;
            }
            if (header) {
                m_p->setPen(QPen(kRule, 1.0));
                m_p->drawLine(QPointF(left(), m_y + rowH), QPointF(left() + width(), m_y + rowH));
            }
        };
        QStringList header;
        for (const auto& c : cols) {
            header << c.title;
        }
        // The header with its first rows (a table of up to three rows whole, with what it keeps after it).
        ensure(rowH * std::min<double>(4.0, 1.0 + static_cast<double>(rows.size()))
            + (rows.size() <= 3 && keepAfter > 0 ? kGap + keepAfter : 0));
        drawRow(header, true, false, false);
        m_y += rowH;
        for (size_t i = 0; i < rows.size(); ++i) {
            const double after = i + 1 == rows.size() && keepAfter > 0 ? kGap + keepAfter : 0;
            if (rowH > remaining() || (i > 0 && rowH + after > remaining())) {
                newPage();
                drawRow(header, true, false, false);
                m_y += rowH;
            }
            const bool bold = std::find(boldRows.begin(), boldRows.end(), static_cast<int>(i)) != boldRows.end();
            drawRow(rows[i], false, i % 2 == 1, bold);
            m_y += rowH;
        }
        m_y += kGap;
    }

    // A block of fixed height drawn by `paint` into its rectangle (charts, Gantt, KPI tiles).
    void block(double h, const std::function<void(QPainter&, const QRectF&)>& paint)
    {
        ensure(h);
        if (m_p) {
            m_p->save();
            paint(*m_p, QRectF(left(), m_y, width(), h));
            m_p->restore();
        }
        m_y += h + kGap;
    }

private:
    void drawFooter()
    {
        if (!m_p) {
            return;
        }
        m_p->save();
        m_p->setFont(font(7.5));
        m_p->setPen(kMuted);
        const QRectF r(m_body.left(), m_page.bottom() - kMargin - kFooter + 10, m_body.width(), kFooter - 10);
        m_p->setPen(QPen(kRule, 0.8));
        m_p->drawLine(r.topLeft(), r.topRight());
        m_p->setPen(kMuted);
        m_p->drawText(r, Qt::AlignLeft | Qt::AlignBottom, m_footerText);
        m_p->drawText(r, Qt::AlignRight | Qt::AlignBottom,
            QObject::tr("Page %1 of %2").arg(m_pageNo).arg(m_total > 0 ? m_total : m_pageNo));
        m_p->restore();
    }

    QPagedPaintDevice& m_device;
    QPainter* m_p;
    QString m_footerText;
    int m_total;
    QRectF m_page;
    QRectF m_body;
    double m_y = 0;
    int m_pageNo = 1;
};

// Renders a chart (built by one of the window's chart builders) as vectors into r.
// Draws the chart that `build` fills into r, as vectors (the PDF stays sharp at any zoom).
void renderChart(QPainter& p, const QRectF& r, const std::function<void(QChart*)>& build);
// The headline tiles in a row across r: each {title, value, detail}.
void paintTiles(QPainter& p, const QRectF& r, const std::vector<std::array<QString, 3>>& tiles);
// "+2.28 pp"; "n/a" without a value.
QString pp(std::optional<double> v, int decimals = 2);
// A number with `decimals` places in the report's locale.
QString decimal(double v, int decimals);
// B - A as a signed human duration; "n/a" when either is missing.
QString signedDuration(std::optional<int64_t> a, std::optional<int64_t> b);
// The advisor's note with its count of flagged jobs in the report's language and figures
// ("1,625 of 79,983 jobs flagged: 1,621 losing more than ..."; the advisor writes "1625 of 79983
// jobs flagged (...)" in English).
QString adviceNote(const core::CheckpointAdvice& a);
// GPU-hours or hours by the weighting, with their unit.
QString hoursText(core::Wide ns, Weighting w);

} // namespace ett::app::report
