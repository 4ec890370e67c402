#include "app/report/provenance.h"

#include <QDir>
#include <QStringList>

#include <algorithm>
#include <map>
#include <utility>

namespace ett::app::report {

QString commonFolder(const std::vector<QString>& paths)
{
    if (paths.empty()) {
        return {};
    }
    // 1. The folders of the first path, then 2. as many of them as every other path starts with.
    QStringList common = QDir::fromNativeSeparators(paths.front()).split(QLatin1Char('/'));
    common.removeLast(); // the file's name
    for (const QString& path : paths) {
        QStringList parts = QDir::fromNativeSeparators(path).split(QLatin1Char('/'));
        parts.removeLast();
        qsizetype n = 0;
        while (n < common.size() && n < parts.size() && common[n] == parts[n]) {
            ++n;
        }
        common = common.mid(0, n);
    }
    return common.join(QLatin1Char('/')); // "" for [""]: absolute paths that share only "/"
}

QString relativePath(const QString& folder, const QString& path)
{
    const QString p = QDir::fromNativeSeparators(path);
    if (folder.isEmpty() || !p.startsWith(folder + QLatin1Char('/'))) {
        return p;
    }
    return p.mid(folder.size() + 1);
}

std::vector<FileGroup> groupFiles(const std::vector<core::DatasetInfo>& datasets, const QString& root)
{
    std::map<std::pair<QString, QString>, FileGroup> groups;
    for (const auto& d : datasets) {
        FileGroup& g = groups[{ QString::fromStdString(d.label), QString::fromStdString(d.format) }];
        g.label = QString::fromStdString(d.label);
        g.format = QString::fromStdString(d.format);
        g.files.push_back(&d);
        g.records += d.records;
    }
    std::vector<FileGroup> out;
    for (auto& [key, g] : groups) {
        std::sort(
            g.files.begin(), g.files.end(), [](const auto* a, const auto* b) { return a->sourcePath < b->sourcePath; });
        std::vector<QString> paths;
        for (const auto* d : g.files) {
            paths.push_back(QString::fromStdString(d->sourcePath));
        }
        const QString folder = commonFolder(paths);
        g.fullFolder = folder;
        g.folder = folder == root ? QString() : relativePath(root, folder);
        out.push_back(std::move(g));
    }
    return out;
}

} // namespace ett::app::report
