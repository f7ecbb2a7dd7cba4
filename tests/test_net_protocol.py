"""The wire protocol and invite codes: every message checked against its schema, limits stated
and enforced, codes that survive being read aloud and pasted."""

from __future__ import annotations

import json

import pytest

from game.net.invite import Invite, InviteError, new_token, normal_token, room_of
from game.net.protocol import (
    MAX_GUEST_BYTES,
    PROTOCOL_VERSION,
    ProtocolError,
    TokenBucket,
    clean_name,
    decode,
    encode,
)


def hello(**change: object) -> dict:
    fields = {"version": PROTOCOL_VERSION, "app": "0.1.0", "token": "T", "name": "A", "seat": None}
    return {"type": "hello", **fields, **change}


def test_a_message_round_trips_through_its_schema() -> None:
    text = encode("act", "guest", action=12, index=30)
    msg = decode(text, "guest")
    assert (msg.kind, msg["action"], msg["index"]) == ("act", 12, 30)
    assert decode(json.dumps(hello()), "guest").kind == "hello"


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("not json", "malformed"),
        ("[1, 2]", "malformed"),
        ('{"action": 1}', "malformed"),
        ('{"type": "shoot", "x": 1}', "unknown_type"),
        ('{"type": "welcome"}', "unknown_type"),  # a host's message from a guest
        ('{"type": "act", "action": 1}', "bad_fields"),
        ('{"type": "act", "action": 1, "index": 2, "extra": 0}', "bad_fields"),
        ('{"type": "act", "action": true, "index": 2}', "bad_fields"),
        ('{"type": "act", "action": 1.0, "index": 2}', "bad_fields"),
        ('{"type": "act", "action": "1", "index": 2}', "bad_fields"),
        ('{"type": "act", "action": NaN, "index": 2}', "malformed"),
        ('{"type": "act", "action": Infinity, "index": 2}', "malformed"),
        ("[" * 1500 + "]" * 1500, "too_big"),
        ('{"type": "bye", "reason": "' + "x" * 500 + '"}', "bad_fields"),
        (
            '{"type": "hello", "version": 1, "app": "", "token": "", "name": "", "seat": "0"}',
            "bad_fields",
        ),
    ],
)
def test_a_bad_message_is_refused_with_its_reason(raw: str, code: str) -> None:
    with pytest.raises(ProtocolError) as err:
        decode(raw, "guest")
    assert err.value.code == code


def test_messages_over_the_stated_limit_are_refused_before_parsing() -> None:
    big = json.dumps(hello(name="x" * MAX_GUEST_BYTES))
    with pytest.raises(ProtocolError, match="limit"):
        decode(big, "guest")
    with pytest.raises(ProtocolError):
        decode("[" * 1000 + "]" * 1000, "guest")  # deep nesting, under the size limit


def test_nothing_is_sent_that_the_other_side_must_refuse() -> None:
    with pytest.raises(ProtocolError):
        encode("act", "guest", action="1", index=0)
    with pytest.raises(ProtocolError):
        encode("view", "guest")


def test_names_are_printable_and_short() -> None:
    assert clean_name("  Aiko\n\x00 the\tgreat ") == "Aiko the great"
    assert len(clean_name("x" * 100)) == 24


def test_the_flood_bucket_allows_a_burst_then_the_rate() -> None:
    bucket = TokenBucket(rate=1.0, burst=3)
    assert [bucket.take() for _ in range(4)] == [True, True, True, False]
    assert 0 < bucket.wait() <= 1.0


def test_an_invite_reads_back_as_written() -> None:
    token = new_token()
    for invite in (
        Invite("192.168.1.20", 52731, token),
        Invite("::1", 9000, token),
        Invite("relay.example.org", 9000, token, relay=True),
    ):
        assert Invite.parse(str(invite)) == invite
        assert Invite.parse(f"  fivefronts://{invite}  ") == invite


def test_a_token_read_aloud_forgives_case_spaces_and_look_alikes() -> None:
    assert normal_token("7kq2 m9xh 3dpa tw4c") == "7KQ2-M9XH-3DPA-TW4C"
    assert normal_token("O1IL-0000-0000-0000") == "0111-0000-0000-0000"
    assert room_of("7kq2m9xh3dpatw4c") == room_of("7KQ2-M9XH-3DPA-TW4C")
    assert "7KQ2" not in room_of("7KQ2-M9XH-3DPA-TW4C")
    tokens = {new_token() for _ in range(200)}
    assert len(tokens) == 200 and all(len(t) == 19 for t in tokens)


@pytest.mark.parametrize(
    "code",
    [
        "",
        "192.168.1.20/7KQ2-M9XH-3DPA-TW4C",
        "192.168.1.20:0/7KQ2-M9XH-3DPA-TW4C",
        "192.168.1.20:70000/7KQ2-M9XH-3DPA-TW4C",
        "192.168.1.20:5000/7KQ2-M9XH",
        "192.168.1.20:5000/UUUU-M9XH-3DPA-TW4C",
        "bad host!:5000/7KQ2-M9XH-3DPA-TW4C",
    ],
)
def test_a_bad_code_says_what_is_wrong(code: str) -> None:
    with pytest.raises(InviteError):
        Invite.parse(code)
