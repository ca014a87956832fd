#include "requestkeys.h"

#include "judge/judgeconfig.h"
#include "judge/judgeprovider.h"

#include <blake2.h>

#include <algorithm>

namespace Rubricate {

namespace {

constexpr size_t kKeyBytes = 256 / 8; // QCryptographicHash::Blake2b_256, as keys always were
constexpr qsizetype kRecentStarts = 16;

void add(blake2b_state &state, QByteArrayView bytes)
{
    blake2b_update(&state, reinterpret_cast<const uint8_t *>(bytes.data()), size_t(bytes.size()));
}

} // namespace

struct RequestKeys::SharedStart {
    QByteArray head; // what the hash takes before the body: the config's identity and the URL
    QByteArray body; // a body whose first `bytes` bytes `state` has taken after the head
    qsizetype bytes = 0;
    blake2b_state state;
};

RequestKeys::RequestKeys() = default;
RequestKeys::~RequestKeys() = default;

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
        auto same = [&](const std::shared_ptr<SharedStart> &s) {
            return s->bytes == shared && s->head == head
                && QByteArrayView(s->body).first(shared) == start;
        };
        auto found = std::find_if(m_recent.cbegin(), m_recent.cend(), same);
        if (found == m_recent.cend()) {
            if (m_recent.size() >= kRecentStarts)
                m_recent.removeFirst();
            auto s = std::make_shared<SharedStart>();
            s->head = head;
            s->body = call.body;
            s->bytes = shared;
            blake2b_init(&s->state, kKeyBytes);
            add(s->state, head);
            add(s->state, start);
            m_recent.append(s);
            found = std::prev(m_recent.cend());
        }
        state = (*found)->state;
    }
    add(state, QByteArrayView(call.body).sliced(shared));
    QByteArray key(kKeyBytes, Qt::Uninitialized);
    blake2b_final(&state, reinterpret_cast<uint8_t *>(key.data()), kKeyBytes);
    return QString::fromLatin1(key.toHex());
}

} // namespace Rubricate
