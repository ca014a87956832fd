// A small web server on 127.0.0.1 for the tests of fetching and the HTTP policy: pages, a PDF,
// redirect chains, oversized and slow bodies, wrong types, errors and cookies. Connections are kept
// alive, and it counts the requests it is answering at any moment.
#pragma once

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

namespace RubricateTest {

class FakeWebServer : public QObject
{
public:
    explicit FakeWebServer(QObject *parent = nullptr)
        : QObject(parent)
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *s = m_server.nextPendingConnection()) {
                connect(s, &QTcpSocket::readyRead, this, [this, s] { onReadyRead(s); });
                connect(s, &QTcpSocket::disconnected, this, [this, s] {
                    m_buffers.remove(s);
                    s->deleteLater();
                });
            }
        });
    }

    bool listen() { return m_server.listen(QHostAddress::LocalHost); }
    QString url(const QString &path) const
    {
        return QStringLiteral("http://127.0.0.1:%1%2").arg(m_server.serverPort()).arg(path);
    }

    void setPdf(const QByteArray &pdf) { m_pdf = pdf; }
    // Serves `body` as `type` at `path`, before any of the built-in pages.
    void setPage(const QByteArray &path, const QByteArray &type, const QByteArray &body)
    {
        m_pages.insert(path, {type, body});
    }
    int requests() const { return int(m_paths.size()); }
    const QList<QByteArray> &paths() const { return m_paths; }
    int maxInFlight() const { return m_maxInFlight; }
    QByteArray lastUserAgent() const { return m_userAgent; }
    bool sawCookie() const { return m_sawCookie; }

private:
    void onReadyRead(QTcpSocket *socket)
    {
        QByteArray &buffer = m_buffers[socket];
        buffer += socket->readAll();
        // Keep-alive: one socket may carry several requests (GETs, so no bodies).
        for (qsizetype end = buffer.indexOf("\r\n\r\n"); end >= 0;
             end = buffer.indexOf("\r\n\r\n")) {
            const QList<QByteArray> lines = buffer.left(end).split('\n');
            buffer.remove(0, end + 4);
            handle(socket, lines);
        }
    }

    void handle(QTcpSocket *socket, const QList<QByteArray> &lines)
    {
        for (const QByteArray &line : lines) {
            const QByteArray lower = line.toLower();
            if (lower.startsWith("user-agent:"))
                m_userAgent = line.mid(11).trimmed();
            if (lower.startsWith("cookie:"))
                m_sawCookie = true;
        }
        const QByteArray path = lines.value(0).split(' ').value(1);
        m_paths.append(path);
        m_maxInFlight = qMax(m_maxInFlight, ++m_inFlight);
        serve(socket, path);
    }

    void serve(QTcpSocket *socket, const QByteArray &path)
    {
        if (const auto page = m_pages.constFind(path); page != m_pages.cend()) {
            answer(socket, 200, page->first, page->second);
        } else if (path == "/page.html") {
            answer(socket, 200, "text/html; charset=utf-8",
                   "<html><head><link rel=stylesheet href=\"/style.css\"></head><body>"
                   "<h1>Leaf chemistry</h1><p>Photosynthesis converts light into sugar.</p>"
                   "<img src=\"/tracker.png\"><script src=\"/script.js\"></script></body></html>");
        } else if (path == "/paper.pdf") {
            answer(socket, 200, "application/pdf", m_pdf);
        } else if (path.startsWith("/redirect/")) {
            const int left = path.mid(10).toInt();
            if (left == 0)
                answer(socket, 200, "text/plain", "end of the chain");
            else
                answer(socket, 302, "text/plain", {},
                       "Location: /redirect/" + QByteArray::number(left - 1) + "\r\n");
        } else if (path == "/to-file") {
            answer(socket, 302, "text/plain", {}, "Location: file:///etc/passwd\r\n");
        } else if (path == "/huge") {
            answer(socket, 200, "text/plain", QByteArray(2'000'000, 'a'));
        } else if (path == "/stream") {
            // No length: the body ends when the connection does, so only counting the bytes
            // as they arrive can stop it.
            --m_inFlight;
            socket->write("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n"
                          "Connection: close\r\n\r\n");
            socket->write(QByteArray(300'000, 'b'));
            socket->disconnectFromHost();
        } else if (path == "/image.png") {
            answer(socket, 200, "image/png", "\x89PNG not really");
        } else if (path == "/hang") {
            --m_inFlight; // never answered: the client's timeout must fire
        } else if (path.startsWith("/slow/")) {
            QPointer<QTcpSocket> guard(socket);
            QTimer::singleShot(100, this, [this, guard, path] {
                if (guard)
                    answer(guard, 200, "text/plain", "slow answer " + path);
                else
                    --m_inFlight;
            });
        } else if (path == "/set-cookie") {
            answer(socket, 200, "text/plain", "here is a cookie",
                   "Set-Cookie: session=42; Path=/\r\n");
        } else {
            answer(socket, 404, "text/plain", "not found");
        }
    }

    void answer(QTcpSocket *socket, int status, const QByteArray &type, const QByteArray &body,
                const QByteArray &extraHeaders = {})
    {
        --m_inFlight; // before writing: the client cannot send its next request any sooner
        socket->write("HTTP/1.1 " + QByteArray::number(status) + " X\r\nContent-Type: " + type
                      + "\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n"
                      + extraHeaders + "\r\n" + body);
    }

    QHash<QTcpSocket *, QByteArray> m_buffers;
    QHash<QByteArray, std::pair<QByteArray, QByteArray>> m_pages; // path -> (type, body)
    QList<QByteArray> m_paths;
    QByteArray m_pdf;
    QByteArray m_userAgent;
    bool m_sawCookie = false;
    int m_inFlight = 0;
    int m_maxInFlight = 0;
    QTcpServer m_server; // last: its sockets go first, while the members they touch live
};

} // namespace RubricateTest
