// rubricate-cli: the command line. A QCoreApplication, except for `agreement --out`, whose
// charts are painted with QtGui and so need a QGuiApplication for their fonts (offscreen
// without a display). No widgets: the charts come from the same painting as the GUI's.
#include "cliagreement.h"
#include "cliapp.h"
#include "services/alignmentcharts.h"

#include <QCoreApplication>
#include <QGuiApplication>

#include <cstring>
#include <memory>

namespace {

bool drawsCharts(int argc, char *argv[])
{
    bool agreement = false, out = false;
    for (int i = 1; i < argc; ++i) {
        agreement = agreement || std::strcmp(argv[i], "agreement") == 0;
        out = out || std::strncmp(argv[i], "--out", 5) == 0;
    }
    return agreement && out;
}

} // namespace

int main(int argc, char *argv[])
{
    std::unique_ptr<QCoreApplication> app;
    if (drawsCharts(argc, argv)) {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY")
            && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        app = std::make_unique<QGuiApplication>(argc, argv);
        Rubricate::Cli::setAgreementChartWriter(&Rubricate::writeAlignmentCharts);
    } else {
        app = std::make_unique<QCoreApplication>(argc, argv);
    }
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
