from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.health_status import HealthStatus, check_health_status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.health_dep_type_0 import HealthDepType0
    from ..models.health_indices_type_0_item import HealthIndicesType0Item


T = TypeVar("T", bound="Health")


@_attrs_define
class Health:
    """
    Attributes:
        status (HealthStatus):
        indices (list[HealthIndicesType0Item] | None | Unset):
        missing_indices (list[None | str] | Unset):
        opensearch (HealthDepType0 | None | Unset):
        redis (HealthDepType0 | None | Unset):
        time (datetime.datetime | None | Unset):
    """

    status: HealthStatus
    indices: list[HealthIndicesType0Item] | None | Unset = UNSET
    missing_indices: list[None | str] | Unset = UNSET
    opensearch: HealthDepType0 | None | Unset = UNSET
    redis: HealthDepType0 | None | Unset = UNSET
    time: datetime.datetime | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.health_dep_type_0 import HealthDepType0  # noqa: PLC0415

        status: str = self.status

        indices: list[dict[str, Any]] | None | Unset
        if isinstance(self.indices, Unset):
            indices = UNSET
        elif isinstance(self.indices, list):
            indices = []
            for indices_type_0_item_data in self.indices:
                indices_type_0_item = indices_type_0_item_data.to_dict()
                indices.append(indices_type_0_item)

        else:
            indices = self.indices

        missing_indices: list[None | str] | Unset = UNSET
        if not isinstance(self.missing_indices, Unset):
            missing_indices = []
            for missing_indices_item_data in self.missing_indices:
                missing_indices_item: None | str
                missing_indices_item = missing_indices_item_data
                missing_indices.append(missing_indices_item)

        opensearch: dict[str, Any] | None | Unset
        if isinstance(self.opensearch, Unset):
            opensearch = UNSET
        elif isinstance(self.opensearch, HealthDepType0):
            opensearch = self.opensearch.to_dict()
        else:
            opensearch = self.opensearch

        redis: dict[str, Any] | None | Unset
        if isinstance(self.redis, Unset):
            redis = UNSET
        elif isinstance(self.redis, HealthDepType0):
            redis = self.redis.to_dict()
        else:
            redis = self.redis

        time: None | str | Unset
        if isinstance(self.time, Unset):
            time = UNSET
        elif isinstance(self.time, datetime.datetime):
            time = self.time.isoformat()
        else:
            time = self.time

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
            }
        )
        if indices is not UNSET:
            field_dict["indices"] = indices
        if missing_indices is not UNSET:
            field_dict["missing_indices"] = missing_indices
        if opensearch is not UNSET:
            field_dict["opensearch"] = opensearch
        if redis is not UNSET:
            field_dict["redis"] = redis
        if time is not UNSET:
            field_dict["time"] = time

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.health_dep_type_0 import HealthDepType0  # noqa: PLC0415
        from ..models.health_indices_type_0_item import HealthIndicesType0Item  # noqa: PLC0415

        d = dict(src_dict)
        status = check_health_status(d.pop("status"))

        def _parse_indices(data: object) -> list[HealthIndicesType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                indices_type_0 = []
                _indices_type_0 = data
                for indices_type_0_item_data in _indices_type_0:
                    indices_type_0_item = HealthIndicesType0Item.from_dict(indices_type_0_item_data)

                    indices_type_0.append(indices_type_0_item)

                return indices_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[HealthIndicesType0Item] | None | Unset, data)

        indices = _parse_indices(d.pop("indices", UNSET))

        _missing_indices = d.pop("missing_indices", UNSET)
        missing_indices: list[None | str] | Unset = UNSET
        if _missing_indices is not UNSET:
            missing_indices = []
            for missing_indices_item_data in _missing_indices:

                def _parse_missing_indices_item(data: object) -> None | str:
                    if data is None:
                        return data
                    return cast(None | str, data)

                missing_indices_item = _parse_missing_indices_item(missing_indices_item_data)

                missing_indices.append(missing_indices_item)

        def _parse_opensearch(data: object) -> HealthDepType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_health_dep_type_0 = HealthDepType0.from_dict(data)

                return componentsschemas_health_dep_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(HealthDepType0 | None | Unset, data)

        opensearch = _parse_opensearch(d.pop("opensearch", UNSET))

        def _parse_redis(data: object) -> HealthDepType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_health_dep_type_0 = HealthDepType0.from_dict(data)

                return componentsschemas_health_dep_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(HealthDepType0 | None | Unset, data)

        redis = _parse_redis(d.pop("redis", UNSET))

        def _parse_time(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                time_type_0 = datetime.datetime.fromisoformat(data)

                return time_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        time = _parse_time(d.pop("time", UNSET))

        health = cls(
            status=status,
            indices=indices,
            missing_indices=missing_indices,
            opensearch=opensearch,
            redis=redis,
            time=time,
        )

        health.additional_properties = d
        return health

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
