#include "cliapp.h"

#include <QCoreApplication>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("rubricate-cli"));
    QCoreApplication::setOrganizationName(QStringLiteral("Rubricate"));
    QCoreApplication::setApplicationVersion(QStringLiteral(RUBRICATE_VERSION));
    QTextStream out(stdout);
    QTextStream err(stderr);
    const int code = Rubricate::Cli::run(QCoreApplication::arguments(), out, err);
    out.flush();
    err.flush();
    return code;
}
