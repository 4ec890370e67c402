// How every export writes its file: all or nothing (QSaveFile), and an error that names the path.
#pragma once

#include "core/model/result.h"

#include <QString>

#include <functional>

QT_BEGIN_NAMESPACE
class QIODevice;
QT_END_NAMESPACE

namespace ett::app {

// The error of an export that could not write path: "<path>: cannot write: <reason>".
core::Status writeError(const QString& path, const QString& reason);

// Writes a file all or nothing: `write` fills the device and returns an error text ("" when all
// went well); the file appears at path only when the whole of it has been written. An error (the
// file cannot be opened, `write` fails, the commit fails) names the path and leaves no file behind.
core::Status saveAll(const QString& path, const std::function<QString(QIODevice&)>& write);

} // namespace ett::app
