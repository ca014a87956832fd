// The one way a call in core reports that it failed: it returns a Result, which holds either
// its value or an Error saying why, in English, as a person reads it ("cannot open
// /tmp/p.rubricate: no such file"). Before this, failures came back four ways (a
// `QString *error` out-parameter, a bool and lastError() afterwards, result structs with an
// error field, bare optionals), and a caller had to know which one each function used.
//
// Modelled on Qt Creator's Utils::Result. Our own rather than std::expected because this
// project is C++20 and std::expected is C++23; the interface is the subset of std::expected
// we use, so moving to it later is a rename.
//
// What is not a failure of the call stays out of it: bad lines of an input file are data,
// reported through ImportIssue/ImportSummary, and the call that reads them succeeds.
#pragma once

#include <QString>

#include <optional>
#include <utility>
#include <variant>

namespace Rubricate {

struct Error {
    QString message;

    // The message with `context` in front, as callers add where they were ("report.csv: ...").
    Error prefixed(const QString &context) const
    {
        return {context + QStringLiteral(": ") + message};
    }
};

template<class P>
concept PointerLike = requires(const P &p)
{
    p.get();
    *p;
};

template<class T>
class [[nodiscard]] Result
{
public:
    Result(T value)
        : m_state(std::move(value))
    { }
    // A function returning Result<T> says `return Error{u"why"_s};`.
    Result(Error error)
        : m_state(std::move(error))
    { }

    bool ok() const { return std::holds_alternative<T>(m_state); }
    explicit operator bool() const { return ok(); }

    // Only when ok().
    T &value() & { return std::get<T>(m_state); }
    const T &value() const & { return std::get<T>(m_state); }
    // By value, unlike std::expected's T&&: `for (x : store.runs().list().value())` would
    // otherwise iterate a list that died with its temporary Result (C++20 range-for).
    T value() && { return std::get<T>(std::move(m_state)); }
    // The value, or `fallback` when the call failed: for a caller to whom a failed read and
    // an empty one are the same (std::expected::value_or).
    template<class U = T>
    T value_or(U &&fallback) const &
    {
        return ok() ? value() : static_cast<T>(std::forward<U>(fallback));
    }
    template<class U = T>
    T value_or(U &&fallback) &&
    {
        return ok() ? std::move(*this).value() : static_cast<T>(std::forward<U>(fallback));
    }
    // For an owning pointer (Result<std::unique_ptr<X>>) -> and * reach the X, so that
    // `store->catalog()` and `*store` read as they would on the pointer; value() is the
    // pointer itself, `std::move(result).value()` takes it over.
    auto *operator->()
    {
        if constexpr (PointerLike<T>)
            return value().get();
        else
            return &value();
    }
    // Shallow, as on the pointer: a const Result<std::unique_ptr<X>> still gives an X *.
    auto operator->() const
    {
        if constexpr (PointerLike<T>)
            return value().get();
        else
            return &value();
    }
    decltype(auto) operator*() &
    {
        if constexpr (PointerLike<T>)
            return *value();
        else
            return value();
    }
    decltype(auto) operator*() const &
    {
        if constexpr (PointerLike<T>)
            return *value();
        else
            return value();
    }

    // Only when !ok().
    const Error &error() const { return std::get<Error>(m_state); }
    // Empty when ok(): convenient for messages and for tests.
    QString errorMessage() const { return ok() ? QString() : error().message; }

private:
    std::variant<T, Error> m_state;
};

template<>
class [[nodiscard]] Result<void>
{
public:
    Result() = default;
    Result(Error error)
        : m_error(std::move(error))
        , m_ok(false)
    { }

    bool ok() const { return m_ok; }
    explicit operator bool() const { return ok(); }

    // Only when !ok().
    const Error &error() const { return m_error; }
    QString errorMessage() const { return m_error.message; }

private:
    Error m_error;
    bool m_ok = true;
};

// For a caller that makes several reads and reports one failure for all of them: each read
// gives its value, or an empty one while the first failure is kept, so that a broken project
// never looks like an empty one.
//   FirstFailure reads;
//   rows = reads.take(store.runs().list());
//   if (reads.failed()) return reads.error();
class FirstFailure
{
public:
    template<class T>
    T take(Result<T> result)
    {
        if (result)
            return std::move(result).value();
        if (!m_error)
            m_error = result.error();
        return T();
    }
    bool failed() const { return m_error.has_value(); }
    // Only when failed().
    const Error &error() const { return *m_error; }

private:
    std::optional<Error> m_error;
};

} // namespace Rubricate
