from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.ready_opensearch import ReadyOpensearch, check_ready_opensearch
from ..models.ready_redis import ReadyRedis, check_ready_redis
from ..types import UNSET, Unset

T = TypeVar("T", bound="Ready")


@_attrs_define
class Ready:
    """
    Attributes:
        opensearch (ReadyOpensearch):
        ready (bool):
        reason (str | Unset): Why the server is not ready (draining, a dependency down).
        redis (ReadyRedis | Unset):
    """

    opensearch: ReadyOpensearch
    ready: bool
    reason: str | Unset = UNSET
    redis: ReadyRedis | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        opensearch: str = self.opensearch

        ready = self.ready

        reason = self.reason

        redis: str | Unset = UNSET
        if not isinstance(self.redis, Unset):
            redis = self.redis

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "opensearch": opensearch,
                "ready": ready,
            }
        )
        if reason is not UNSET:
            field_dict["reason"] = reason
        if redis is not UNSET:
            field_dict["redis"] = redis

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        opensearch = check_ready_opensearch(d.pop("opensearch"))

        ready = d.pop("ready")

        reason = d.pop("reason", UNSET)

        _redis = d.pop("redis", UNSET)
        redis: ReadyRedis | Unset
        if isinstance(_redis, Unset):
            redis = UNSET
        else:
            redis = check_ready_redis(_redis)

        ready = cls(
            opensearch=opensearch,
            ready=ready,
            reason=reason,
            redis=redis,
        )

        ready.additional_properties = d
        return ready

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
