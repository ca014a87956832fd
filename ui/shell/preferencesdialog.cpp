#include "shell/preferencesdialog.h"

#include "services/annotatoridentity.h"
#include "services/scoringsettings.h"
#include "shell/identitydialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// A two-way scoring choice: (text, flag value) for the reference's behaviour and the other.
void fillChoice(QComboBox *box, const QString &name, const std::pair<QString, QString> &reference,
                const std::pair<QString, QString> &other, bool otherChosen)
{
    box->setObjectName(name);
    box->addItem(reference.first, reference.second);
    box->addItem(other.first, other.second);
    box->setCurrentIndex(otherChosen ? 1 : 0);
}

} // namespace

PreferencesDialog::PreferencesDialog(const QList<Annotator> &known, QWidget *parent)
    : QDialog(parent)
    , m_known(known)
    , m_annotator(new QLineEdit(this))
    , m_pdrWeights(new QComboBox(this))
    , m_pdrUnmatched(new QComboBox(this))
{
    setObjectName(u"preferencesDialog"_s);
    setWindowTitle(tr("Preferences"));
    m_annotator->setObjectName(u"annotatorEdit"_s);
    m_annotator->setText(currentAnnotatorName());

    auto *switchButton = new QPushButton(tr("S&witch Annotator…"), this);
    switchButton->setObjectName(u"switchAnnotator"_s);
    connect(switchButton, &QPushButton::clicked, this, [this] {
        auto *dialog = new IdentityDialog(m_known, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &IdentityDialog::identityChosen, this,
                [this](const AnnotatorIdentity &identity) {
                    m_annotator->setText(identity.name);
                    emit annotatorChanged();
                });
        dialog->open();
    });

    auto *hint = new QLabel(tr("Every label you give is stored under you (id %1), so several "
                               "people can annotate the same project and be compared. Changing "
                               "the name renames you and keeps your labels.")
                                .arg(currentAnnotator()),
                            this);
    hint->setWordWrap(true);
    hint->setForegroundRole(QPalette::PlaceholderText);
    // The database refuses this login's labels under anyone else, and a rename too.
    if (const auto bound = boundAnnotator()) {
        m_annotator->setEnabled(false);
        switchButton->setEnabled(false);
        hint->setText(tr("The team project open now binds your login to the annotator %1 "
                         "(id %2): every label you give in it is stored under that annotator.")
                          .arg(bound->name, bound->id));
    }

    auto *row = new QHBoxLayout;
    row->addWidget(m_annotator, 1);
    row->addWidget(switchButton);
    // A row that is a layout gets no buddy from addRow(), and a label without one shows its "&".
    auto *nameLabel = new QLabel(tr("&Annotator name:"), this);
    nameLabel->setBuddy(m_annotator);
    auto *form = new QFormLayout;
    form->addRow(nameLabel, row);

    // The item data are the CLI's flag values (score pdr --weights / --unmatched); the
    // reference's behaviour comes first.
    const PdrScoringOptions pdr = savedPdrScoringOptions();
    fillChoice(m_pdrWeights, u"pdrWeights"_s,
               {tr("As the reference: the sum of weight × dimension average"), u"reference"_s},
               {tr("Normalised: divided by the sum of the dimension weights"), u"normalized"_s},
               pdr.weights == PdrWeightsPolicy::Normalized);
    fillChoice(m_pdrUnmatched, u"pdrUnmatched"_s,
               {tr("As the reference: counted at the dimension's mean weight"), u"reference"_s},
               {tr("Re-asked: dropped, the criterion's second answer counts"), u"reask"_s},
               pdr.unmatched == PdrUnmatchedPolicy::Reask);
    auto *scoringForm = new QFormLayout;
    scoringForm->addRow(tr("Dimension &weights:"), m_pdrWeights);
    scoringForm->addRow(tr("&Unmatched criteria:"), m_pdrUnmatched);
    auto *scoringHint = new QLabel(tr("How PDR-Bench P and Q are computed on the leaderboard and "
                                      "in its export. Help → Scoring Choices explains both."),
                                   this);
    scoringHint->setWordWrap(true);
    scoringHint->setForegroundRole(QPalette::PlaceholderText);
    auto *scoringLayout = new QVBoxLayout;
    scoringLayout->addLayout(scoringForm);
    scoringLayout->addWidget(scoringHint);
    auto *scoring = new QGroupBox(tr("PDR-Bench scoring"), this);
    scoring->setLayout(scoringLayout);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(this, &QDialog::accepted, this, &PreferencesDialog::save);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(hint);
    layout->addWidget(scoring);
    layout->addWidget(buttons);
    resize(520, sizeHint().height());
}

void PreferencesDialog::save()
{
    PdrScoringOptions pdr = savedPdrScoringOptions();
    const PdrScoringOptions before = pdr;
    pdr.weights = m_pdrWeights->currentData().toString() == "normalized"_L1
        ? PdrWeightsPolicy::Normalized
        : PdrWeightsPolicy::Reference;
    pdr.unmatched = m_pdrUnmatched->currentData().toString() == "reask"_L1
        ? PdrUnmatchedPolicy::Reask
        : PdrUnmatchedPolicy::Reference;
    if (pdr.weights != before.weights || pdr.unmatched != before.unmatched) {
        savePdrScoringOptions(pdr);
        emit scoringChanged();
    }

    const QString name = m_annotator->text().trimmed();
    if (name.isEmpty() || name == currentAnnotatorName())
        return;
    renameCurrentAnnotator(name);
    emit annotatorChanged();
}

} // namespace Rubricate
