// The one signal handling of rubricate-cli: a flag a handler may set, read from the event loop.
#pragma once

#include <csignal>

namespace Rubricate::Cli {

// Ctrl-C or a TERM while a run is driven: the run closes as the window's does when it quits
// (answers in flight dropped, their jobs pending, batches at the provider going on) and is
// marked so, instead of staying "running" for good. A second signal ends the program at once.
class Interruption
{
public:
    Interruption()
    {
        s_raised = 0;
        m_int = std::signal(SIGINT, &Interruption::raise);
        m_term = std::signal(SIGTERM, &Interruption::raise);
    }
    ~Interruption()
    {
        std::signal(SIGINT, m_int);
        std::signal(SIGTERM, m_term);
    }
    Interruption(const Interruption &) = delete;
    Interruption &operator=(const Interruption &) = delete;

    static bool raised() { return s_raised != 0; }

private:
    static void raise(int signal)
    {
        s_raised = 1;
        std::signal(signal, SIG_DFL);
    }

    static inline volatile std::sig_atomic_t s_raised = 0;
    void (*m_int)(int);
    void (*m_term)(int);
};

} // namespace Rubricate::Cli
