"""A fake OpenAI-compatible server for the tests: 127.0.0.1, a free port, a thread.

It plays back recorded responses, one per `POST /v1/chat/completions`, in order, and keeps
every request it got (`requests`: method, path, headers, JSON body) for the tests to look
at. `GET /v1/models` lists the recording's model. The recordings are JSON files in
tests/golden/openai/ (`recording(name)`), each `{"about", "model", "responses": [...]}`,
where a response is one of

    {"status": 200, "body": {...}}                  JSON
    {"status": 200, "stream": [chunk, ...]}         server-sent events: `data: CHUNK` for
                                                    each (a str is sent as it is), then
                                                    `data: [DONE]` unless "done" is false
    {"status": 200, "text": "...", "content_type": "text/html"}      anything else
    {"hang": true}                                  no reply until the client gives up

Bounded: it listens on 127.0.0.1 only, a request past the recording gets a 500 that says
so, a hanging reply is released when the server stops, and the server stops by itself
after `lifetime` seconds if the test has not stopped it.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

RECORDINGS = Path(__file__).resolve().parents[1] / "golden" / "openai"
LIFETIME = 60.0   # seconds


def recording(name: str) -> dict[str, Any]:
    """tests/golden/openai/NAME.json."""
    return json.loads((RECORDINGS / f"{name}.json").read_text(encoding="utf-8"))


def failure(name: str) -> dict[str, Any]:
    """One response of tests/golden/openai/failures.json."""
    return recording("failures")["responses"][name]


class FakeOpenAIServer:
    """Serves `responses` in order at `url` (…/v1) while it is open (a context manager)."""

    def __init__(self, responses: list[dict[str, Any]], model: str = "qwen2.5:3b",
                 lifetime: float = LIFETIME) -> None:
        self.responses = list(responses)
        self.model = model
        self.requests: list[dict[str, Any]] = []
        self.stopping = threading.Event()
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.02,),
                                        daemon=True)
        self._watchdog = threading.Timer(lifetime, self.stop)
        self._watchdog.daemon = True
        self._stopped = False

    @classmethod
    def replaying(cls, name: str, **options: Any) -> FakeOpenAIServer:
        """A server for the recording tests/golden/openai/NAME.json."""
        recorded = recording(name)
        return cls(recorded["responses"], recorded.get("model", "qwen2.5:3b"), **options)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    @property
    def completions(self) -> list[dict[str, Any]]:
        """The JSON bodies of the chat-completion requests, in order."""
        return [r["body"] for r in self.requests if r["path"] == "/v1/chat/completions"]

    def start(self) -> FakeOpenAIServer:
        self._thread.start()
        self._watchdog.start()
        return self

    def stop(self) -> None:
        with self._lock:
            if self._stopped:
                return
            self._stopped = True
        self.stopping.set()          # releases a hanging reply
        self._watchdog.cancel()
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> FakeOpenAIServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
        self._thread.join(timeout=10)

    def record(self, request: dict[str, Any]) -> None:
        with self._lock:
            self.requests.append(request)

    def next_response(self, request: dict[str, Any]) -> dict[str, Any]:
        """Record a chat-completion request; the recorded response it gets."""
        with self._lock:
            self.requests.append(request)
            index = len(self.completions) - 1
        if index < len(self.responses):
            return self.responses[index]
        return {"status": 500, "body": {"error": {
            "message": f"the recording has {len(self.responses)} responses; request "
                       f"{index + 1} came"}}}


def _handler_for(fake: FakeOpenAIServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:   # quiet: the tests read `requests`
            pass

        def do_GET(self) -> None:
            fake.record({"method": "GET", "path": self.path, "headers": dict(self.headers),
                         "body": None})
            if self.path == "/v1/models":
                self._json(200, {"object": "list", "data": [
                    {"id": fake.model, "object": "model", "created": 1764633600,
                     "owned_by": "library"}]})
            else:
                self._text(404, "404 page not found", "text/plain; charset=utf-8")

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            raw = self.rfile.read(length).decode("utf-8")
            try:
                body = json.loads(raw)
            except json.JSONDecodeError:
                body = raw
            request = {"method": "POST", "path": self.path, "headers": dict(self.headers),
                       "body": body}
            if self.path != "/v1/chat/completions":
                fake.record(request)
                self._text(404, "404 page not found", "text/plain; charset=utf-8")
                return
            response = fake.next_response(request)
            if response.get("hang"):
                fake.stopping.wait(LIFETIME)   # until the server stops: the client times out
                return
            if "stream" in response:
                self._stream(response)
            elif "body" in response:
                self._json(response["status"], response["body"])
            else:
                self._text(response["status"], response["text"],
                           response.get("content_type", "text/plain"))

        def _json(self, status: int, body: Any) -> None:
            self._text(status, json.dumps(body), "application/json")

        def _text(self, status: int, text: str, content_type: str) -> None:
            data = text.encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _stream(self, response: dict[str, Any]) -> None:
            self.send_response(response.get("status", 200))
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()   # no length: the stream ends when the connection closes
            for chunk in response["stream"]:
                line = chunk if isinstance(chunk, str) else json.dumps(chunk)
                self.wfile.write(f"data: {line}\n\n".encode())
                self.wfile.flush()
            if response.get("done", True):
                self.wfile.write(b"data: [DONE]\n\n")
            self.wfile.flush()

    return Handler
