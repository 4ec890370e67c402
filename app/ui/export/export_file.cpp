#include "app/ui/export/export_file.h"

#include <QSaveFile>

namespace ett::app {

core::Status writeError(const QString& path, const QString& reason)
{
    return core::Error { QStringLiteral("%1: cannot write: %2").arg(path, reason).toStdString() };
}

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

} // namespace ett::app
