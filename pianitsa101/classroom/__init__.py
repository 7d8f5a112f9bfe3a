"""The connected classroom: ``make class`` serves the browser site and a class service to the room.

For students, in a notebook: :func:`join`, :func:`send_result`, :func:`hand_in`,
:func:`send_strategy` and :func:`my_handins` (:mod:`~pianitsa101.classroom.client`). For the
teacher: ``python -m pianitsa101.classroom`` (:mod:`~pianitsa101.classroom.__main__`), the
service (:mod:`~pianitsa101.classroom.app`) and its board (:mod:`~pianitsa101.classroom.board`).
"""

from pianitsa101.classroom.client import (
    NotDelivered,
    Receipt,
    current,
    hand_in,
    join,
    my_handins,
    send_result,
    send_strategy,
)

__all__ = [
    "NotDelivered",
    "Receipt",
    "current",
    "hand_in",
    "join",
    "my_handins",
    "send_result",
    "send_strategy",
]
