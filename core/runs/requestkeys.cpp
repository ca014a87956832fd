#include "requestkeys.h"

#include "judge/judgeconfig.h"
#include "judge/judgeprovider.h"

#include <blake2.h>

namespace Rubricate {

namespace {

constexpr size_t kKeyBytes = 256 / 8; // QCryptographicHash::Blake2b_256, as keys always were

void add(blake2b_state &state, QByteArrayView bytes)
{
    blake2b_update(&state, reinterpret_cast<const uint8_t *>(bytes.data()), size_t(bytes.size()));
}

} // namespace

struct RequestKeys::SharedStart {
    QByteArray head; // what the hash takes before the body: the config's identity and the URL
    QByteArray start; // the body's start that `state` has taken after the head
    blake2b_state state;
};

RequestKeys::RequestKeys() = default;
RequestKeys::~RequestKeys() = default;

void RequestKeys::reset(qsizetype reports)
{
    m_recent.reset(reports);
}

QString RequestKeys::keyOf(const JudgeConfig &config, const HttpCall &call)
{
    const QByteArray head
        = config.cacheIdentity().toUtf8() + '\n' + call.url.toString().toUtf8() + '\n';
    const qsizetype shared = qBound<qsizetype>(0, call.sharedBodyBytes, call.body.size());
    const QByteArrayView start = QByteArrayView(call.body).first(shared);
    blake2b_state state;
    if (shared == 0) {
        blake2b_init(&state, kKeyBytes);
        add(state, head);
    } else {
        const auto *known = m_recent.find([&](const std::shared_ptr<SharedStart> &s) {
            return s->start == start && s->head == head;
        });
        if (!known) {
            auto s = std::make_shared<SharedStart>();
            s->head = head;
            s->start = start.toByteArray();
            blake2b_init(&s->state, kKeyBytes);
            add(s->state, head);
            add(s->state, start);
            known = &m_recent.add(std::move(s));
        }
        state = (*known)->state;
    }
    add(state, QByteArrayView(call.body).sliced(shared));
    QByteArray key(kKeyBytes, Qt::Uninitialized);
    blake2b_final(&state, reinterpret_cast<uint8_t *>(key.data()), kKeyBytes);
    return QString::fromLatin1(key.toHex());
}

} // namespace Rubricate
