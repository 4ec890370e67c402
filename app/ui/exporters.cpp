#include "app/ui/exporters.h"

#include "app/ui/figures_format.h"
#include "app/ui/figures_table_model.h"
#include "app/ui/palette.h"
#include "app/ui/timeline/gantt_painter.h"
#include "app/ui/timeline/gantt_widget.h"
#include "app/ui/workbench_state.h"
#include "core/model/json_text.h"
#include "core/model/rollup.h"

#include <QAbstractItemView>
#include <QAbstractProxyModel>
#include <QAction>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QClipboard>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QHeaderView>
#include <QImage>
#include <QImageWriter>
#include <QItemSelectionModel>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>
#include <QRegularExpression>
#include <QSaveFile>
#include <QScreen>
#include <QSet>
#include <QSettings>
#include <QShortcut>
#include <QStandardPaths>
#include <QStatusBar>
#include <QSvgGenerator>
#include <QTableView>

#include <algorithm>
#include <cmath>
#include <set>

namespace ett::app {

namespace {

constexpr auto kLastDirectoryKey = "export/lastDirectory"; // QSettings: where the last export went
constexpr auto kHookName = "ettExportHook";
// A PNG beyond this many pixels (at 4 bytes each: 256 MiB) is not attempted.
constexpr double kMaxPngPixels = 64.0 * 1024 * 1024;
// QImage's (and most viewers') limit per side.
constexpr double kMaxPngSide = 32767;
// Timelines too tall for a PNG shrink down to this scale, and fail beyond.
constexpr double kMinGanttScale = 0.5;

} // namespace

// Named, not anonymous: ExportHook has Q_OBJECT (findChild needs its meta-object), for moc.
namespace detail {

enum class TargetKind { Chart, Table, Gantt };
enum class Format { Png, Svg, Csv, Json };

// What a widget given an export knows: a child of the widget, found by name.
class ExportHook : public QObject
{
    Q_OBJECT
public:
    ExportHook(QWidget* target, TargetKind kind, QString page)
        : QObject(target)
        , m_target(target)
        , m_kind(kind)
        , m_page(std::move(page))
    {
        setObjectName(QLatin1String(kHookName));
    }

    QWidget* target() const { return m_target; }
    TargetKind kind() const { return m_kind; }
    const QString& page() const { return m_page; }

    std::function<QString()> scope; // charts
    std::function<TableExport()> describe; // tables
    std::function<QString()> name; // timelines

    // What the export is of, for file names and dialog captions.
    QString what() const
    {
        switch (m_kind) {
        case TargetKind::Chart: {
            const QChart* chart = static_cast<QChartView*>(m_target)->chart();
            return chart ? chart->title() : QString();
        }
        case TargetKind::Table:
            return table().title;
        case TargetKind::Gantt:
            return name ? name() : QObject::tr("Timeline");
        }
        return {};
    }

    TableExport table() const
    {
        TableExport info = describe ? describe() : TableExport {};
        if (info.title.isEmpty()) {
            info.title = m_page;
        }
        return info;
    }

    std::vector<Format> formats() const
    {
        return m_kind == TargetKind::Table ? std::vector { Format::Csv, Format::Json }
                                           : std::vector { Format::Png, Format::Svg };
    }

    core::Status run(Format format, GanttExtent extent, const QString& path) const
    {
        switch (m_kind) {
        case TargetKind::Chart: {
            QChart* chart = static_cast<QChartView*>(m_target)->chart();
            if (format == Format::Png) {
                return exportChartPng(chart, path);
            }
            QString description = QObject::tr("ETT Workbench, %1").arg(m_page);
            if (scope) {
                description += QStringLiteral(": ") + scope();
            }
            return exportChartSvg(chart, path, description);
        }
        case TargetKind::Table: {
            const QAbstractItemModel* model = static_cast<QAbstractItemView*>(m_target)->model();
            if (!model) {
                return core::Error { QObject::tr("%1: cannot write: the table has no model").arg(path).toStdString() };
            }
            return format == Format::Csv ? exportTableCsv(*model, path) : exportTableJson(*model, path, table());
        }
        case TargetKind::Gantt: {
            const auto* gantt = static_cast<GanttWidget*>(m_target);
            return format == Format::Png ? exportGanttPng(*gantt, path, extent)
                                         : exportGanttSvg(*gantt, path, extent, what());
        }
        }
        return core::Status::success();
    }

private:
    QWidget* m_target;
    TargetKind m_kind;
    QString m_page;
};

} // namespace detail

using detail::ExportHook;
using detail::Format;
using detail::TargetKind;

namespace {

core::Status writeError(const QString& path, const QString& reason)
{
    return core::Error { QStringLiteral("%1: cannot write: %2").arg(path, reason).toStdString() };
}

// Writes a file all or nothing: `write` fills the device and returns an error text ("" when all
// went well); the file appears at path only when the whole of it has been written.
core::Status saveAll(const QString& path, const std::function<QString(QIODevice&)>& write)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return writeError(path, file.errorString());
    }
    const QString error = write(file);
    if (!error.isEmpty()) {
        file.cancelWriting();
        return writeError(path, error);
    }
    if (!file.commit()) {
        return writeError(path, file.errorString());
    }
    return core::Status::success();
}

// --- tables ---------------------------------------------------------------------------------------

// Header texts are one line in files (the drill-down's are two on screen).
QString flatHeader(const QAbstractItemModel& model, int column)
{
    // A word broken with a hyphen at the line's end is one word again ("Preemp-\ntions").
    static const QRegularExpression brokenWord(QStringLiteral("-\\n(?=[a-z])"));
    return model.headerData(column, Qt::Horizontal, Qt::DisplayRole).toString().remove(brokenWord).simplified();
}

QString displayText(const QAbstractItemModel& model, int row, int column)
{
    return model.data(model.index(row, column), Qt::DisplayRole).toString();
}

// One CSV field (RFC 4180, 2.5 to 2.7): quoted when it holds a comma, a quote or a line break (or
// starts or ends with a space, which some readers trim), quotes doubled.
void appendCsvField(QString& out, const QString& field)
{
    const bool quote = field.contains(QLatin1Char(',')) || field.contains(QLatin1Char('"'))
        || field.contains(QLatin1Char('\n')) || field.contains(QLatin1Char('\r'))
        || (!field.isEmpty() && (field.front().isSpace() || field.back().isSpace()));
    if (!quote) {
        out += field;
        return;
    }
    out += QLatin1Char('"');
    for (const QChar c : field) {
        if (c == QLatin1Char('"')) {
            out += QLatin1Char('"');
        }
        out += c;
    }
    out += QLatin1Char('"');
}

void appendCsvRecord(QString& out, const QStringList& fields)
{
    for (qsizetype i = 0; i < fields.size(); ++i) {
        if (i > 0) {
            out += QLatin1Char(',');
        }
        appendCsvField(out, fields[i]);
    }
    out += QLatin1String("\r\n");
}

// --- JSON: written by hand, so that exact decimals (ExactNumber) keep every digit -------------

void appendJsonString(QByteArray& out, const QString& s)
{
    std::string text;
    core::appendJsonString(text, s.toStdString());
    out += QByteArray::fromStdString(text);
}

bool isJsonNumber(const QString& text)
{
    static const QRegularExpression number(QStringLiteral("^-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?$"));
    return number.match(text).hasMatch();
}

void appendJsonValue(QByteArray& out, const QVariant& v)
{
    if (v.metaType() == QMetaType::fromType<ExactNumber>()) {
        const QString text = v.value<ExactNumber>().text;
        if (isJsonNumber(text)) {
            out += text.toLatin1();
        } else {
            appendJsonString(out, text);
        }
        return;
    }
    switch (v.metaType().id()) {
    case QMetaType::UnknownType:
    case QMetaType::Nullptr:
        out += "null";
        return;
    case QMetaType::Bool:
        out += v.toBool() ? "true" : "false";
        return;
    case QMetaType::Int:
    case QMetaType::Short:
    case QMetaType::Long:
    case QMetaType::LongLong:
        out += QByteArray::number(v.toLongLong());
        return;
    case QMetaType::UInt:
    case QMetaType::UShort:
    case QMetaType::ULong:
    case QMetaType::ULongLong:
        out += QByteArray::number(v.toULongLong());
        return;
    case QMetaType::Double:
    case QMetaType::Float: {
        const double d = v.toDouble();
        out += std::isfinite(d) ? QString::number(d, 'g', QLocale::FloatingPointShortest).toLatin1()
                                : QByteArray("null");
        return;
    }
    case QMetaType::QVariantMap: {
        const QVariantMap map = v.toMap();
        out += '{';
        bool first = true;
        for (auto it = map.begin(); it != map.end(); ++it) {
            out += first ? "" : ", ";
            first = false;
            appendJsonString(out, it.key());
            out += ": ";
            appendJsonValue(out, it.value());
        }
        out += '}';
        return;
    }
    case QMetaType::QVariantList:
    case QMetaType::QStringList: {
        const QVariantList list = v.toList();
        out += '[';
        for (qsizetype i = 0; i < list.size(); ++i) {
            out += i > 0 ? ", " : "";
            appendJsonValue(out, list[i]);
        }
        out += ']';
        return;
    }
    case QMetaType::QDateTime:
        appendJsonString(out, v.toDateTime().toUTC().toString(Qt::ISODateWithMs));
        return;
    default:
        appendJsonString(out, v.toString());
        return;
    }
}

// The column keys of a JSON export: the info's, the model's (ExportKeyRole), or the header; made
// unique ("Name", "Name (2)") and never empty ("column 3").
QStringList jsonKeys(const QAbstractItemModel& model, const TableExport& info)
{
    QStringList keys;
    QSet<QString> seen;
    for (int c = 0; c < model.columnCount(); ++c) {
        QString key = info.key ? info.key(c) : QString();
        if (key.isEmpty()) {
            key = model.headerData(c, Qt::Horizontal, ExportKeyRole).toString();
        }
        if (key.isEmpty()) {
            key = flatHeader(model, c);
        }
        if (key.isEmpty()) {
            key = QObject::tr("column %1").arg(c + 1);
        }
        const QString base = key;
        for (int n = 2; seen.contains(key); ++n) {
            key = QStringLiteral("%1 (%2)").arg(base).arg(n);
        }
        seen.insert(key);
        keys << key;
    }
    return keys;
}

// The value of a cell for JSON: the info's, the model's (ExportValueRole), or what is displayed.
QVariant jsonCell(const QAbstractItemModel& model, const QModelIndex& index, const TableExport& info)
{
    if (info.value) {
        if (QVariant v = info.value(index); v.isValid()) {
            return v;
        }
    }
    if (QVariant v = model.data(index, ExportValueRole); v.isValid()) {
        return v;
    }
    const QVariant shown = model.data(index, Qt::DisplayRole);
    switch (shown.metaType().id()) {
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
    case QMetaType::Double:
    case QMetaType::Float:
    case QMetaType::Bool:
        return shown;
    default:
        return shown.isValid() ? QVariant(shown.toString()) : QVariant();
    }
}

// The drill-down model and the index in it behind a (proxy) index.
std::pair<const FiguresTableModel*, QModelIndex> figuresSource(QModelIndex index)
{
    while (const auto* proxy = qobject_cast<const QAbstractProxyModel*>(index.model())) {
        index = proxy->mapToSource(index);
    }
    return { qobject_cast<const FiguresTableModel*>(index.model()), index };
}

const FiguresTableModel* figuresSource(const QAbstractItemModel* model)
{
    while (const auto* proxy = qobject_cast<const QAbstractProxyModel*>(model)) {
        model = proxy->sourceModel();
    }
    return qobject_cast<const FiguresTableModel*>(model);
}

QVariant nullValue()
{
    return QVariant::fromValue(nullptr);
}

QVariant optionalSeconds(std::optional<int64_t> ns)
{
    return ns ? exactSeconds(*ns) : nullValue();
}

QVariant optionalNumber(std::optional<double> v)
{
    return v ? QVariant(*v) : nullValue();
}

// --- charts -----------------------------------------------------------------------------------------

// The logical dots per inch of the screen the chart is shown on (fonts in points are laid out at
// it; a device at another resolution would draw the text at another size than the layout).
int chartDpi(const QChart* chart)
{
    if (chart->scene() && !chart->scene()->views().isEmpty()) {
        return chart->scene()->views().constFirst()->logicalDpiY();
    }
    if (const QScreen* screen = QGuiApplication::primaryScreen()) {
        return static_cast<int>(std::lround(screen->logicalDotsPerInchY()));
    }
    return 96;
}

// Renders the chart, at its current layout, into target. Its drop shadow (a raster effect) is off
// meanwhile. A chart in no scene is put into one for the time of the call.
void renderChart(QChart* chart, QPainter& painter, const QRectF& target)
{
    QGraphicsScene* scene = chart->scene();
    std::unique_ptr<QGraphicsScene> own;
    if (!scene) {
        own = std::make_unique<QGraphicsScene>();
        own->addItem(chart);
        scene = own.get();
    }
    const bool shadow = chart->isDropShadowEnabled();
    chart->setDropShadowEnabled(false);
    const QRectF source = chart->mapRectToScene(QRectF(QPointF(0, 0), chart->size()));
    scene->render(&painter, target, source, Qt::IgnoreAspectRatio);
    chart->setDropShadowEnabled(shadow);
    if (own) {
        own->removeItem(chart); // the caller keeps the chart
    }
}

void setDpi(QImage& image, double dpi)
{
    const int dotsPerMeter = static_cast<int>(std::lround(dpi / 0.0254));
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
}

QString noSizeError()
{
    return QObject::tr("the chart has no size (it was never laid out)");
}

// --- the Gantt timeline -----------------------------------------------------------------------------

const GanttScene& emptyGanttScene()
{
    static const GanttScene scene = [] {
        GanttScene s;
        s.finalize();
        return s;
    }();
    return scene;
}

constexpr int kLegendIconW = 18;
constexpr int kLegendIconH = 11;
constexpr int kLegendGap = 14;
constexpr int kLegendMargin = 6;

// Lays the legend out in lines of width w (as the timeline's legend strip does); paints it when p
// is given, at top. Returns its height (0 without entries).
int layoutLegend(const std::vector<LegendEntry>& entries, const QFont& font, int w, QPainter* p, int top)
{
    if (entries.empty()) {
        return 0;
    }
    const QFontMetricsF fm(font);
    const int lh = std::max(kLegendIconH, static_cast<int>(std::ceil(fm.height()))) + 4;
    double x = kLegendMargin;
    int y = top + kLegendMargin;
    if (p) {
        p->setFont(font);
    }
    for (const LegendEntry& e : entries) {
        const double itemW = kLegendIconW + 5 + fm.horizontalAdvance(e.label);
        if (x > kLegendMargin && x + itemW > w - kLegendMargin) {
            x = kLegendMargin;
            y += lh;
        }
        if (p) {
            GanttPainter::paintLegendIcon(*p, QRectF(x, y + (lh - kLegendIconH) / 2.0, kLegendIconW, kLegendIconH), e);
            p->setPen(QColor(0x20, 0x20, 0x20));
            p->drawText(QRectF(x + kLegendIconW + 5, y, itemW - kLegendIconW - 5 + 2, lh),
                Qt::AlignLeft | Qt::AlignVCenter, e.label);
        }
        x += itemW + kLegendGap;
    }
    return y + lh + kLegendMargin - top;
}

// What a Gantt export paints: the widget's scene, axis and layout over the extent's rows.
struct GanttPicture
{
    const GanttScene* scene = nullptr;
    GanttPainter painter;
    QFont font; // the widget's
    TimeAxis axis;
    int width = 0;
    int ganttHeight = 0; // header and rows
    int legendHeight = 0;
    double scrollY = 0;

    QSize size() const { return { width, ganttHeight + legendHeight }; }
};

GanttPicture ganttPicture(const GanttWidget& gantt, GanttExtent extent)
{
    GanttPicture pic;
    pic.scene = gantt.scene() ? gantt.scene() : &emptyGanttScene();
    pic.painter = gantt.painter();
    pic.axis = gantt.axis();
    pic.font = gantt.font();
    const QRect r = gantt.paintRect();
    pic.width = r.width();
    if (extent == GanttExtent::View) {
        // From the first row in sight, whole: a row cut at the top would run into the header
        // where clipping is ignored (QSvgGenerator of Qt 6.4 writes no clip paths).
        const double rh = pic.painter.layout().rowHeight;
        pic.ganttHeight = r.height();
        pic.scrollY = rh > 0 ? std::floor(gantt.scrollY() / rh) * rh : 0.0;
    } else {
        const int rows = static_cast<int>(std::ceil(pic.painter.contentHeight(*pic.scene)));
        pic.ganttHeight = pic.painter.layout().headerHeight + std::max(rows, pic.painter.layout().rowHeight);
        pic.scrollY = 0;
    }
    pic.legendHeight = layoutLegend(pic.scene->legend(), pic.font, pic.width, nullptr, 0);
    return pic;
}

void paintGanttPicture(QPainter& p, const GanttPicture& pic)
{
    p.setFont(pic.font);
    const QRect rect(0, 0, pic.width, pic.ganttHeight);
    pic.painter.paint(p, rect, *pic.scene, pic.axis, pic.scrollY);
    p.setClipping(false);
    p.fillRect(QRect(0, pic.ganttHeight, pic.width, pic.legendHeight), Qt::white);
    layoutLegend(pic.scene->legend(), pic.font, pic.width, &p, pic.ganttHeight);
}

// --- SVG without texture brushes ------------------------------------------------------------------------

// Forwards painting to another painter, drawing fills with a texture brush (the Gantt's hatched
// lost progress) as vector shapes: QSvgGenerator of Qt 6.4 writes no texture brushes (such fills
// vanish). A tile of two colours in diagonal stripes, as GanttPainter makes, becomes a fill of the
// base colour and the stripes as one path; any other tile becomes its average colour. Everything
// else passes through unchanged.
class HatchToVectorEngine final : public QPaintEngine
{
public:
    explicit HatchToVectorEngine(QPainter& out)
        : QPaintEngine(QPaintEngine::AllFeatures)
        , m_out(out)
    {
    }

    bool begin(QPaintDevice*) override { return true; }
    bool end() override { return true; }
    Type type() const override { return QPaintEngine::User; }

    void updateState(const QPaintEngineState& changed) override
    {
        const DirtyFlags dirty = changed.state();
        if (dirty & DirtyPen) {
            m_pen = changed.pen();
            m_out.setPen(m_pen);
        }
        if (dirty & DirtyBrush) {
            m_brush = changed.brush();
            m_out.setBrush(m_brush);
        }
        if (dirty & DirtyBrushOrigin) {
            m_brushOrigin = changed.brushOrigin();
            m_out.setBrushOrigin(m_brushOrigin);
        }
        if (dirty & DirtyFont) {
            m_out.setFont(changed.font());
        }
        if (dirty & DirtyBackground) {
            m_out.setBackground(changed.backgroundBrush());
        }
        if (dirty & DirtyBackgroundMode) {
            m_out.setBackgroundMode(changed.backgroundMode());
        }
        if (dirty & DirtyTransform) {
            m_out.setTransform(changed.transform());
        }
        if (dirty & DirtyClipEnabled) {
            m_out.setClipping(changed.isClipEnabled());
        }
        if (dirty & DirtyClipRegion) {
            m_out.setClipRegion(changed.clipRegion(), changed.clipOperation());
        }
        if (dirty & DirtyClipPath) {
            m_out.setClipPath(changed.clipPath(), changed.clipOperation());
        }
        if (dirty & DirtyHints) {
            m_out.setRenderHints(changed.renderHints());
        }
        if (dirty & DirtyOpacity) {
            m_out.setOpacity(changed.opacity());
        }
    }

    void drawRects(const QRectF* rects, int count) override
    {
        for (int i = 0; i < count; ++i) {
            QPainterPath path;
            path.addRect(rects[i]);
            fill(path, [&] { m_out.drawRect(rects[i]); });
        }
    }
    void drawPath(const QPainterPath& path) override
    {
        fill(path, [&] { m_out.drawPath(path); });
    }
    void drawPolygon(const QPointF* points, int count, PolygonDrawMode mode) override
    {
        if (mode == PolylineMode) {
            m_out.drawPolyline(points, count);
            return;
        }
        const Qt::FillRule rule = mode == OddEvenMode ? Qt::OddEvenFill : Qt::WindingFill;
        QPainterPath path;
        path.addPolygon(QPolygonF(QList<QPointF>(points, points + count)));
        path.closeSubpath();
        path.setFillRule(rule);
        fill(path, [&] { m_out.drawPolygon(points, count, rule); });
    }
    void drawPolygon(const QPoint* points, int count, PolygonDrawMode mode) override
    {
        QList<QPointF> f;
        f.reserve(count);
        for (int i = 0; i < count; ++i) {
            f << QPointF(points[i]);
        }
        drawPolygon(f.constData(), count, mode);
    }
    void drawEllipse(const QRectF& r) override
    {
        QPainterPath path;
        path.addEllipse(r);
        fill(path, [&] { m_out.drawEllipse(r); });
    }
    void drawLines(const QLineF* lines, int count) override { m_out.drawLines(lines, count); }
    void drawLines(const QLine* lines, int count) override { m_out.drawLines(lines, count); }
    void drawPoints(const QPointF* points, int count) override { m_out.drawPoints(points, count); }
    void drawPixmap(const QRectF& r, const QPixmap& pm, const QRectF& sr) override { m_out.drawPixmap(r, pm, sr); }
    void drawImage(const QRectF& r, const QImage& image, const QRectF& sr, Qt::ImageConversionFlags flags) override
    {
        m_out.drawImage(r, image, sr, flags);
    }
    void drawTiledPixmap(const QRectF& r, const QPixmap& pm, const QPointF& s) override
    {
        m_out.drawTiledPixmap(r, pm, s);
    }
    void drawTextItem(const QPointF& p, const QTextItem& item) override { m_out.drawTextItem(p, item); }

private:
    // Fills path with the brush (as vectors when it is a texture), then strokes it with the pen.
    template <typename Draw> void fill(const QPainterPath& path, Draw draw)
    {
        if (m_brush.style() != Qt::TexturePattern) {
            draw();
            return;
        }
        m_out.save();
        m_out.setPen(Qt::NoPen);
        hatch(path);
        m_out.restore();
        if (m_pen.style() != Qt::NoPen) {
            m_out.save();
            m_out.setBrush(Qt::NoBrush);
            draw();
            m_out.restore();
        }
    }

    void hatch(const QPainterPath& path)
    {
        const QImage tile = m_brush.textureImage().convertToFormat(QImage::Format_RGB32);
        if (tile.isNull()) {
            return;
        }
        // 1. The tile's stripes: row 0 starts with k pixels of the stripe colour, then the base
        //    colour; pixel (x, y) is a stripe pixel when (x + y) mod n < k.
        const int n = tile.width();
        const QRgb stripe = tile.pixel(0, 0);
        int k = 0;
        while (k < n && tile.pixel(k, 0) == stripe) {
            ++k;
        }
        const QRgb base = k < n ? tile.pixel(k, 0) : stripe;
        bool diagonal = tile.height() == n && k > 0 && k < n;
        double r = 0, g = 0, b = 0;
        for (int y = 0; y < tile.height(); ++y) {
            for (int x = 0; x < n; ++x) {
                const QRgb px = tile.pixel(x, y);
                diagonal = diagonal && px == (((x + y) % n) < k ? stripe : base);
                r += qRed(px);
                g += qGreen(px);
                b += qBlue(px);
            }
        }
        if (!diagonal) {
            const double count = static_cast<double>(n) * tile.height();
            m_out.setBrush(
                QColor(static_cast<int>(r / count), static_cast<int>(g / count), static_cast<int>(b / count)));
            m_out.drawPath(path);
            return;
        }
        m_out.setBrush(QColor(base));
        m_out.drawPath(path);
        // 2. The bands x + y in [c, c + k) that cross the path, as one path.
        const QRectF box = path.boundingRect();
        const double origin = m_brushOrigin.x() + m_brushOrigin.y();
        const double period = n;
        QPainterPath bands;
        for (double c = std::floor((box.left() + box.top() - origin) / period) * period + origin;
             c < box.right() + box.bottom(); c += period) {
            const double c1 = c + k;
            bands.addPolygon(QPolygonF({ QPointF(c - box.top(), box.top()), QPointF(c1 - box.top(), box.top()),
                QPointF(c1 - box.bottom(), box.bottom()), QPointF(c - box.bottom(), box.bottom()) }));
            bands.closeSubpath();
        }
        m_out.setBrush(QColor(stripe));
        m_out.drawPath(bands.intersected(path));
    }

    QPainter& m_out;
    QPen m_pen;
    QBrush m_brush;
    QPointF m_brushOrigin;
};

// A paint device with the metrics of the painter's device that paints through HatchToVectorEngine.
class HatchToVectorDevice final : public QPaintDevice
{
public:
    explicit HatchToVectorDevice(QPainter& out)
        : m_engine(out)
        , m_target(out.device())
    {
    }
    ~HatchToVectorDevice() override = default;

    QPaintEngine* paintEngine() const override { return &m_engine; }

protected:
    int metric(PaintDeviceMetric m) const override
    {
        switch (m) {
        case PdmWidth:
            return m_target->width();
        case PdmHeight:
            return m_target->height();
        case PdmWidthMM:
            return m_target->widthMM();
        case PdmHeightMM:
            return m_target->heightMM();
        case PdmNumColors:
            return m_target->colorCount();
        case PdmDepth:
            return m_target->depth();
        case PdmDpiX:
            return m_target->logicalDpiX();
        case PdmDpiY:
            return m_target->logicalDpiY();
        case PdmPhysicalDpiX:
            return m_target->physicalDpiX();
        case PdmPhysicalDpiY:
            return m_target->physicalDpiY();
        case PdmDevicePixelRatio:
            return static_cast<int>(std::lround(m_target->devicePixelRatio()));
        case PdmDevicePixelRatioScaled:
            return static_cast<int>(std::lround(m_target->devicePixelRatio() * devicePixelRatioFScale()));
        }
        return QPaintDevice::metric(m);
    }

private:
    mutable HatchToVectorEngine m_engine;
    QPaintDevice* m_target;
};

// --- in the window ------------------------------------------------------------------------------------

QString suffixOf(Format f)
{
    switch (f) {
    case Format::Png:
        return QStringLiteral("png");
    case Format::Svg:
        return QStringLiteral("svg");
    case Format::Csv:
        return QStringLiteral("csv");
    case Format::Json:
        return QStringLiteral("json");
    }
    return {};
}

QString filterOf(Format f)
{
    switch (f) {
    case Format::Png:
        return QObject::tr("PNG image (*.png)");
    case Format::Svg:
        return QObject::tr("SVG drawing (*.svg)");
    case Format::Csv:
        return QObject::tr("CSV table (*.csv)");
    case Format::Json:
        return QObject::tr("JSON (*.json)");
    }
    return {};
}

ExportHook* hookOf(const QWidget* widget)
{
    return widget ? widget->findChild<ExportHook*>(QLatin1String(kHookName), Qt::FindDirectChildrenOnly) : nullptr;
}

QString startDirectory()
{
    const QString dir = QSettings().value(QLatin1String(kLastDirectoryKey)).toString();
    if (!dir.isEmpty() && QFileInfo(dir).isDir()) {
        return dir;
    }
    return QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
}

// Asks for a file in one of the formats and exports to it; reports failure in a message box and
// success in the window's status bar.
bool exportInteractively(const ExportHook& hook, std::vector<Format> formats, GanttExtent extent)
{
    QWidget* target = hook.target();
    QStringList filters;
    for (const Format f : formats) {
        filters << filterOf(f);
    }
    // A dialog with a default suffix that follows the filter: the suffix is added before the
    // dialog asks whether to replace an existing file.
    QFileDialog dialog(target->window(), QObject::tr("Export %1").arg(hook.what()), startDirectory());
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setNameFilters(filters);
    dialog.setDefaultSuffix(suffixOf(formats.front()));
    dialog.selectFile(proposedExportName(hook.page(), hook.what(), suffixOf(formats.front())));
    QObject::connect(&dialog, &QFileDialog::filterSelected, &dialog, [&](const QString& filter) {
        dialog.setDefaultSuffix(
            suffixOf(formats[static_cast<size_t>(std::max<qsizetype>(0, filters.indexOf(filter)))]));
    });
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty()) {
        return false;
    }
    QString path = dialog.selectedFiles().constFirst();
    const QString selected = dialog.selectedNameFilter();
    // The format: by the suffix typed when it names one, else by the filter chosen (suffix added).
    const QString suffix = QFileInfo(path).suffix().toLower();
    auto format = std::find_if(formats.begin(), formats.end(), [&](Format f) { return suffixOf(f) == suffix; });
    if (format == formats.end()) {
        const auto i = std::max<qsizetype>(0, filters.indexOf(selected));
        format = formats.begin() + i;
        path += QLatin1Char('.') + suffixOf(*format);
    }
    QSettings().setValue(QLatin1String(kLastDirectoryKey), QFileInfo(path).absolutePath());
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const core::Status status = hook.run(*format, extent, path);
    QApplication::restoreOverrideCursor();
    if (!status.ok()) {
        QMessageBox::warning(
            target->window(), QObject::tr("Export failed"), QString::fromStdString(status.error().message));
        return false;
    }
    if (auto* window = qobject_cast<QMainWindow*>(target->window())) {
        window->statusBar()->showMessage(QObject::tr("Exported to %1").arg(QDir::toNativeSeparators(path)), 6000);
    }
    return true;
}

// The selected rows of a table (all when none is), in the columns shown, in the order shown, with
// the header: as tab-separated text and as CSV on the clipboard.
void copyTable(QAbstractItemView* view)
{
    const QAbstractItemModel* model = view->model();
    if (!model) {
        return;
    }
    const auto* table = qobject_cast<QTableView*>(view);
    std::vector<int> columns;
    for (int v = 0; v < model->columnCount(); ++v) {
        const int c = table ? table->horizontalHeader()->logicalIndex(v) : v;
        if (!table || !table->isColumnHidden(c)) {
            columns.push_back(c);
        }
    }
    std::set<int> rows;
    if (const QItemSelectionModel* selection = view->selectionModel()) {
        for (const QModelIndex& index : selection->selectedIndexes()) {
            rows.insert(index.row());
        }
    }
    if (rows.empty()) {
        for (int r = 0; r < model->rowCount(); ++r) {
            rows.insert(r);
        }
    }
    QString tsv;
    QString csv;
    const auto add = [&](const QStringList& fields) {
        QStringList flat;
        for (const QString& f : fields) {
            flat << QString(f)
                        .replace(QLatin1String("\r\n"), QLatin1String(" "))
                        .replace(QLatin1Char('\t'), QLatin1Char(' '))
                        .replace(QLatin1Char('\n'), QLatin1Char(' '))
                        .replace(QLatin1Char('\r'), QLatin1Char(' '));
        }
        tsv += flat.join(QLatin1Char('\t')) + QLatin1Char('\n');
        appendCsvRecord(csv, fields);
    };
    QStringList header;
    for (const int c : columns) {
        header << flatHeader(*model, c);
    }
    add(header);
    for (const int r : rows) {
        QStringList fields;
        for (const int c : columns) {
            fields << displayText(*model, r, c);
        }
        add(fields);
    }
    auto* mime = new QMimeData;
    mime->setText(tsv);
    mime->setData(QStringLiteral("text/csv"), csv.toUtf8());
    QGuiApplication::clipboard()->setMimeData(mime);
}

QAction* addAction(QWidget* target, const QString& text, const QString& name, const std::function<void()>& run)
{
    auto* action = new QAction(text, target);
    action->setObjectName(name);
    QObject::connect(action, &QAction::triggered, target, run);
    target->addAction(action);
    return action;
}

// Ctrl+Shift+E while the target (or a child, e.g. a view's viewport) has focus.
void addDialogShortcut(QWidget* target)
{
    auto* shortcut = new QShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E), target);
    shortcut->setObjectName(QStringLiteral("exportShortcut"));
    shortcut->setContext(Qt::WidgetWithChildrenShortcut);
    QObject::connect(shortcut, &QShortcut::activated, target, [target] { openExportDialog(target); });
}

} // namespace

// --- exact values -------------------------------------------------------------------------------------

QVariant exactSeconds(core::Wide ns)
{
    return QVariant::fromValue(ExactNumber { QString::fromStdString(core::formatWideSeconds(ns)) });
}

// --- tables ---------------------------------------------------------------------------------------------

QByteArray tableToCsv(const QAbstractItemModel& model)
{
    QString out;
    QStringList header;
    for (int c = 0; c < model.columnCount(); ++c) {
        header << flatHeader(model, c);
    }
    appendCsvRecord(out, header);
    for (int r = 0; r < model.rowCount(); ++r) {
        QStringList fields;
        for (int c = 0; c < model.columnCount(); ++c) {
            fields << displayText(model, r, c);
        }
        appendCsvRecord(out, fields);
    }
    return out.toUtf8();
}

QByteArray tableToJson(const QAbstractItemModel& model, const TableExport& info)
{
    const QStringList keys = jsonKeys(model, info);
    QByteArray out;
    out += "{\n  \"table\": ";
    appendJsonString(out, info.title);
    out += ",\n  \"scope\": ";
    appendJsonString(out, info.scope);
    out += ",\n  \"exported\": ";
    appendJsonString(out, QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    out += ",\n  \"application\": ";
    appendJsonString(out, QStringLiteral("ETT Workbench"));
    out += ",\n  \"columns\": [";
    for (int c = 0; c < model.columnCount(); ++c) {
        out += c > 0 ? ",\n    {\"key\": " : "\n    {\"key\": ";
        appendJsonString(out, keys[c]);
        out += ", \"header\": ";
        appendJsonString(out, flatHeader(model, c));
        out += '}';
    }
    out += model.columnCount() > 0 ? "\n  ],\n" : "],\n";
    out += "  \"rowCount\": " + QByteArray::number(model.rowCount()) + ",\n  \"rows\": [";
    for (int r = 0; r < model.rowCount(); ++r) {
        out += r > 0 ? ",\n    {" : "\n    {";
        for (int c = 0; c < model.columnCount(); ++c) {
            out += c > 0 ? ", " : "";
            appendJsonString(out, keys[c]);
            out += ": ";
            appendJsonValue(out, jsonCell(model, model.index(r, c), info));
        }
        out += '}';
    }
    out += model.rowCount() > 0 ? "\n  ]\n}\n" : "]\n}\n";
    return out;
}

core::Status exportTableCsv(const QAbstractItemModel& model, const QString& path)
{
    const QByteArray data = tableToCsv(model);
    return saveAll(
        path, [&](QIODevice& out) { return out.write(data) == data.size() ? QString() : out.errorString(); });
}

core::Status exportTableJson(const QAbstractItemModel& model, const QString& path, const TableExport& info)
{
    const QByteArray data = tableToJson(model, info);
    return saveAll(
        path, [&](QIODevice& out) { return out.write(data) == data.size() ? QString() : out.errorString(); });
}

QVariant figuresExportValue(const QModelIndex& index)
{
    const auto [model, source] = figuresSource(index);
    if (!model) {
        return {};
    }
    const TableRow* row = model->rowAt(source.row());
    if (!row) {
        return {};
    }
    const core::Figures& f = row->figures;
    const Weighting w = model->weighting();
    switch (source.column()) {
    case FiguresTableModel::NameColumn:
    case FiguresTableModel::DetailColumn:
        return {}; // the text shown
    case FiguresTableModel::CountColumn:
        return QVariant::fromValue<qint64>(model->rowsAreGroups() ? f.jobs : f.attempts);
    case FiguresTableModel::E2eHoursColumn:
        return exactSeconds(e2eOf(f, w));
    case FiguresTableModel::EttColumn:
        return optionalNumber(ettOf(f, w));
    case FiguresTableModel::LostHoursColumn:
        return exactSeconds(lostOf(f, w));
    case FiguresTableModel::FailuresColumn:
        return QVariant::fromValue<qint64>(f.failures);
    case FiguresTableModel::PreemptionsColumn:
        return QVariant::fromValue<qint64>(f.preemptions);
    case FiguresTableModel::OtherInterruptionsColumn:
        return QVariant::fromValue<qint64>(f.otherInterruptions);
    case FiguresTableModel::TtsColumn:
        return optionalSeconds(core::percentilesOf(f.ttsNs).p50);
    case FiguresTableModel::TtrColumn:
        return optionalSeconds(core::percentilesOf(f.ttrNs).p50);
    default:
        break;
    }
    if (const auto b = FiguresTableModel::bucketOfColumn(source.column())) {
        return exactSeconds(bucketOf(f, *b, w));
    }
    return {};
}

QString figuresExportKey(const QAbstractItemModel& model, int column)
{
    const FiguresTableModel* figures = figuresSource(&model);
    if (!figures) {
        return {};
    }
    const bool gpu = figures->weighting() == Weighting::Gpu;
    const QString seconds = gpu ? QStringLiteral("GPU-s") : QStringLiteral("s");
    switch (column) {
    case FiguresTableModel::E2eHoursColumn:
        return QObject::tr("E2E %1").arg(seconds);
    case FiguresTableModel::EttColumn:
        return QObject::tr("ETT% (%1)").arg(weightingName(figures->weighting()));
    case FiguresTableModel::LostHoursColumn:
        return QObject::tr("Lost %1").arg(seconds);
    case FiguresTableModel::FailuresColumn:
        return QObject::tr("Failures");
    case FiguresTableModel::PreemptionsColumn:
        return QObject::tr("Preemptions");
    case FiguresTableModel::OtherInterruptionsColumn:
        return QObject::tr("Other interruptions");
    case FiguresTableModel::TtsColumn:
        return QObject::tr("TTS p50 s");
    case FiguresTableModel::TtrColumn:
        return QObject::tr("TTR p50 s");
    default:
        break;
    }
    if (const auto b = FiguresTableModel::bucketOfColumn(column)) {
        return QStringLiteral("%1 %2").arg(bucketLabel(*b), seconds);
    }
    return {}; // the header
}

QString exportScopeText(const WorkbenchState& state)
{
    core::CohortSpec terms = state.filter();
    terms.countQueue = false;
    QString text = terms == core::CohortSpec {} ? QObject::tr("all jobs")
                                                : QObject::tr("filter: %1").arg(QString::fromStdString(terms.text()));
    if (state.filter().countQueue) {
        text += QObject::tr(" (queue counted)");
    }
    return text + QStringLiteral(" · ") + weightingName(state.weighting());
}

// --- charts -----------------------------------------------------------------------------------------------

core::Status exportChartPng(QChart* chart, const QString& path, double scale)
{
    if (!chart || chart->size().isEmpty()) {
        return writeError(path, noSizeError());
    }
    scale = std::clamp(scale, 0.1, 8.0);
    const QSize px(static_cast<int>(std::lround(chart->size().width() * scale)),
        static_cast<int>(std::lround(chart->size().height() * scale)));
    QImage image(px, QImage::Format_RGB32);
    if (image.isNull()) {
        return writeError(
            path, QObject::tr("an image of %1 × %2 pixels is too large").arg(px.width()).arg(px.height()));
    }
    image.fill(Qt::white);
    {
        QPainter p(&image);
        p.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing | QPainter::SmoothPixmapTransform);
        renderChart(chart, p, QRectF(QPointF(0, 0), QSizeF(px)));
    }
    // Painted at the screen's resolution (fonts in points sized as on screen); the file says
    // scale times as many dots per inch: printed, it has the size the chart has on screen.
    setDpi(image, chartDpi(chart) * scale);
    return saveAll(path, [&](QIODevice& out) {
        QImageWriter writer(&out, "png");
        writer.setText(QStringLiteral("Title"), chart->title());
        writer.setText(QStringLiteral("Software"), QStringLiteral("ETT Workbench"));
        return writer.write(image) ? QString() : writer.errorString();
    });
}

core::Status exportChartSvg(QChart* chart, const QString& path, const QString& description)
{
    if (!chart || chart->size().isEmpty()) {
        return writeError(path, noSizeError());
    }
    const QSizeF size = chart->size();
    return saveAll(path, [&](QIODevice& out) {
        QSvgGenerator svg;
        svg.setOutputDevice(&out);
        svg.setResolution(chartDpi(chart));
        svg.setSize(size.toSize());
        svg.setViewBox(QRectF(QPointF(0, 0), size));
        svg.setTitle(chart->title());
        svg.setDescription(description);
        QPainter p;
        if (!p.begin(&svg)) {
            return QObject::tr("cannot draw into an SVG");
        }
        p.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
        renderChart(chart, p, QRectF(QPointF(0, 0), size));
        p.end();
        return QString();
    });
}

// --- the Gantt timeline -----------------------------------------------------------------------------------

QSize ganttExportSize(const GanttWidget& gantt, GanttExtent extent)
{
    return ganttPicture(gantt, extent).size();
}

core::Status exportGanttPng(const GanttWidget& gantt, const QString& path, GanttExtent extent, double scale)
{
    const GanttPicture pic = ganttPicture(gantt, extent);
    const QSizeF size = pic.size();
    if (size.isEmpty()) {
        return writeError(path, QObject::tr("the timeline has no size"));
    }
    // 1. Large timelines (thousands of rows) shrink to what an image can hold, to a limit.
    scale = std::clamp(scale, 0.1, 8.0);
    scale = std::min({ scale, kMaxPngSide / size.width(), kMaxPngSide / size.height(),
        std::sqrt(kMaxPngPixels / (size.width() * size.height())) });
    if (scale < kMinGanttScale) {
        return writeError(path,
            QObject::tr("%1 × %2 pixels is too large for a PNG: export the view, or as SVG")
                .arg(size.width())
                .arg(size.height()));
    }
    const QSize px(
        static_cast<int>(std::floor(size.width() * scale)), static_cast<int>(std::floor(size.height() * scale)));
    QImage image(px, QImage::Format_RGB32);
    if (image.isNull()) {
        return writeError(
            path, QObject::tr("an image of %1 × %2 pixels is too large").arg(px.width()).arg(px.height()));
    }
    setDpi(image, gantt.logicalDpiY());
    image.fill(Qt::white);
    {
        // 2. Painted at scale 1 through a scaled painter: the layout is the widget's.
        QPainter p(&image);
        p.scale(scale, scale);
        paintGanttPicture(p, pic);
    }
    setDpi(image, gantt.logicalDpiY() * scale); // as for charts: the size on screen when printed
    return saveAll(path, [&](QIODevice& out) {
        QImageWriter writer(&out, "png");
        writer.setText(QStringLiteral("Software"), QStringLiteral("ETT Workbench"));
        return writer.write(image) ? QString() : writer.errorString();
    });
}

core::Status exportGanttSvg(const GanttWidget& gantt, const QString& path, GanttExtent extent, const QString& title)
{
    const GanttPicture pic = ganttPicture(gantt, extent);
    const QSize size = pic.size();
    if (size.isEmpty()) {
        return writeError(path, QObject::tr("the timeline has no size"));
    }
    return saveAll(path, [&](QIODevice& out) {
        QSvgGenerator svg;
        svg.setOutputDevice(&out);
        svg.setResolution(gantt.logicalDpiY());
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(title);
        svg.setDescription(QObject::tr("ETT Workbench timeline, %1 to %2")
                               .arg(formatUtc(pic.axis.startNs()), formatUtc(pic.axis.endNs())));
        QPainter p;
        if (!p.begin(&svg)) {
            return QObject::tr("cannot draw into an SVG");
        }
        // Through the hatch-to-vector device: lost progress keeps its stripes.
        HatchToVectorDevice device(p);
        QPainter inner(&device);
        paintGanttPicture(inner, pic);
        inner.end();
        p.end();
        return QString();
    });
}

// --- in the window --------------------------------------------------------------------------------------

void installChartExport(QChartView* view, const QString& page, std::function<QString()> scope)
{
    auto* hook = new ExportHook(view, TargetKind::Chart, page);
    hook->scope = std::move(scope);
    addAction(view, QObject::tr("Export as PNG…"), QStringLiteral("exportPng"),
        [hook] { exportInteractively(*hook, { Format::Png }, GanttExtent::View); });
    addAction(view, QObject::tr("Export as SVG…"), QStringLiteral("exportSvg"),
        [hook] { exportInteractively(*hook, { Format::Svg }, GanttExtent::View); });
    addDialogShortcut(view);
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
}

void installTableExport(QAbstractItemView* view, const QString& page, std::function<TableExport()> describe)
{
    auto* hook = new ExportHook(view, TargetKind::Table, page);
    hook->describe = std::move(describe);
    addAction(view, QObject::tr("Export as CSV…"), QStringLiteral("exportCsv"),
        [hook] { exportInteractively(*hook, { Format::Csv }, GanttExtent::View); });
    addAction(view, QObject::tr("Export as JSON…"), QStringLiteral("exportJson"),
        [hook] { exportInteractively(*hook, { Format::Json }, GanttExtent::View); });
    QAction* copy = addAction(view, QObject::tr("Copy"), QStringLiteral("copyTable"), [view] { copyTable(view); });
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    copy->setToolTip(QObject::tr("Copy the selected rows (all rows when none is) with the header"));
    addDialogShortcut(view);
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
}

void installGanttExport(GanttWidget* gantt, std::function<QString()> name)
{
    auto* hook = new ExportHook(gantt, TargetKind::Gantt, QObject::tr("Timeline"));
    hook->name = std::move(name);
    addAction(gantt, QObject::tr("Export view as PNG…"), QStringLiteral("exportPng"),
        [hook] { exportInteractively(*hook, { Format::Png }, GanttExtent::View); });
    addAction(gantt, QObject::tr("Export view as SVG…"), QStringLiteral("exportSvg"),
        [hook] { exportInteractively(*hook, { Format::Svg }, GanttExtent::View); });
    addAction(gantt, QObject::tr("Export all rows as PNG…"), QStringLiteral("exportAllPng"),
        [hook] { exportInteractively(*hook, { Format::Png }, GanttExtent::AllRows); });
    addAction(gantt, QObject::tr("Export all rows as SVG…"), QStringLiteral("exportAllSvg"),
        [hook] { exportInteractively(*hook, { Format::Svg }, GanttExtent::AllRows); });
    addDialogShortcut(gantt);
}

QMenu* createExportMenu(QWidget* target, QWidget* parent)
{
    if (!hookOf(target)) {
        return nullptr;
    }
    auto* menu = new QMenu(parent);
    menu->addActions(target->actions());
    return menu;
}

QWidget* exportTargetFor(QWidget* widget)
{
    for (QWidget* w = widget; w; w = w->parentWidget()) {
        if (hookOf(w)) {
            return w;
        }
    }
    return nullptr;
}

bool openExportDialog(QWidget* target)
{
    const ExportHook* hook = hookOf(target);
    if (!hook) {
        return false;
    }
    return exportInteractively(*hook, hook->formats(), GanttExtent::View);
}

core::Status exportWidget(QWidget* target, const QString& path)
{
    const ExportHook* hook = hookOf(target);
    if (!hook) {
        return writeError(path, QObject::tr("nothing to export here"));
    }
    const QString suffix = QFileInfo(path).suffix().toLower();
    const auto formats = hook->formats();
    const auto format = std::find_if(formats.begin(), formats.end(), [&](Format f) { return suffixOf(f) == suffix; });
    if (format == formats.end()) {
        QStringList offered;
        for (const Format f : formats) {
            offered << suffixOf(f);
        }
        return writeError(
            path, QObject::tr("this exports as %1, not \"%2\"").arg(offered.join(QStringLiteral(" or ")), suffix));
    }
    return hook->run(*format, GanttExtent::View, path);
}

QString proposedExportName(const QString& page, const QString& what, const QString& suffix)
{
    // Words of letters and digits, joined by '-'; the page once (a title may start with it).
    QString words = what.startsWith(page, Qt::CaseInsensitive) ? what : page + QLatin1Char(' ') + what;
    QString name;
    bool gap = false;
    for (const QChar c : words) {
        if (c.isLetterOrNumber()) {
            if (gap && !name.isEmpty()) {
                name += QLatin1Char('-');
            }
            name += c.toLower();
            gap = false;
        } else {
            gap = true;
        }
    }
    if (name.size() > 80) {
        name.truncate(80);
        while (name.endsWith(QLatin1Char('-'))) {
            name.chop(1);
        }
    }
    if (name.isEmpty()) {
        name = QStringLiteral("export");
    }
    return name + QLatin1Char('.') + suffix;
}

} // namespace ett::app

#include "exporters.moc"
