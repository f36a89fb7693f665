"""Origin-trial tokens signed with a key of our own, for a Chromium started with
`--origin-trial-public-key` set to that key's public half.

A token is base64 of: the version byte (2 or 3), a 64-byte Ed25519 signature, the payload
length (4 bytes, big-endian) and the payload, a JSON object with `origin`
("scheme://host:port"), `feature`, `expiry` (seconds since the Unix epoch) and, optionally,
`isSubdomain`, `isThirdParty` and `usage` ("" or "subset"; version 3 only). The signature
covers the version byte, the length and the payload (Chromium's
third_party/blink/public/common/origin_trials/origin_trials_token_structure.md).

Ed25519 (RFC 8032) is written out here because the standard library has none; it only
ever signs test tokens, so it makes no effort to run in constant time.
"""

from __future__ import annotations

import base64
import hashlib
import json
import struct
from typing import Any

_P = 2**255 - 19
_L = 2**252 + 27742317777372353535851937790883648493
_D = -121665 * pow(121666, _P - 2, _P) % _P
_Point = tuple[int, int, int, int]  # extended coordinates (X, Y, Z, T)


def _recover_x(y: int, sign: int) -> int:
    xx = (y * y - 1) * pow(_D * y * y + 1, _P - 2, _P) % _P
    x = pow(xx, (_P + 3) // 8, _P)
    if (x * x - xx) % _P:
        x = x * pow(2, (_P - 1) // 4, _P) % _P
    return _P - x if x & 1 != sign else x


_BASE_Y = 4 * pow(5, _P - 2, _P) % _P
_BASE_X = _recover_x(_BASE_Y, 0)
_BASE: _Point = (_BASE_X, _BASE_Y, 1, _BASE_X * _BASE_Y % _P)


def _add(p: _Point, q: _Point) -> _Point:
    a = (p[1] - p[0]) * (q[1] - q[0]) % _P
    b = (p[1] + p[0]) * (q[1] + q[0]) % _P
    c = 2 * p[3] * q[3] * _D % _P
    d = 2 * p[2] * q[2] % _P
    e, f, g, h = b - a, d - c, d + c, b + a
    return (e * f % _P, g * h % _P, f * g % _P, e * h % _P)


def _multiply(scalar: int, point: _Point) -> _Point:
    result: _Point = (0, 1, 1, 0)
    while scalar:
        if scalar & 1:
            result = _add(result, point)
        point = _add(point, point)
        scalar >>= 1
    return result


def _encode(point: _Point) -> bytes:
    inverse = pow(point[2], _P - 2, _P)
    x, y = point[0] * inverse % _P, point[1] * inverse % _P
    return (y | (x & 1) << 255).to_bytes(32, "little")


def _hash(*parts: bytes) -> int:
    return int.from_bytes(hashlib.sha512(b"".join(parts)).digest(), "little")


def _expand(seed: bytes) -> tuple[int, bytes]:
    digest = hashlib.sha512(seed).digest()
    scalar = int.from_bytes(digest[:32], "little")
    scalar = (scalar & ((1 << 254) - 8)) | (1 << 254)
    return scalar, digest[32:]


def public_key(seed: bytes) -> bytes:
    """The 32-byte Ed25519 public key of a 32-byte private key (seed)."""
    return _encode(_multiply(_expand(seed)[0], _BASE))


def sign(seed: bytes, message: bytes) -> bytes:
    """The 64-byte Ed25519 signature of `message` (RFC 8032, section 5.1.6)."""
    scalar, prefix = _expand(seed)
    public = _encode(_multiply(scalar, _BASE))
    nonce = _hash(prefix, message) % _L
    commitment = _encode(_multiply(nonce, _BASE))
    challenge = _hash(commitment, public, message) % _L
    return commitment + ((nonce + challenge * scalar) % _L).to_bytes(32, "little")


def trial_token(seed: bytes, payload: dict[str, Any], version: int = 3) -> str:
    """An origin-trial token for `payload`, signed with `seed`."""
    body = json.dumps(payload).encode("utf-8")
    length = struct.pack(">I", len(body))
    signature = sign(seed, bytes([version]) + length + body)
    return base64.b64encode(bytes([version]) + signature + length + body).decode("ascii")
