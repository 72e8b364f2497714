from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="HealthDepType0")


@_attrs_define
class HealthDepType0:
    """
    Attributes:
        cluster_status (None | str | Unset):
        detail (None | str | Unset):
        nodes (int | None | Unset):
        status (str | Unset):
    """

    cluster_status: None | str | Unset = UNSET
    detail: None | str | Unset = UNSET
    nodes: int | None | Unset = UNSET
    status: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cluster_status: None | str | Unset
        if isinstance(self.cluster_status, Unset):
            cluster_status = UNSET
        else:
            cluster_status = self.cluster_status

        detail: None | str | Unset
        if isinstance(self.detail, Unset):
            detail = UNSET
        else:
            detail = self.detail

        nodes: int | None | Unset
        if isinstance(self.nodes, Unset):
            nodes = UNSET
        else:
            nodes = self.nodes

        status = self.status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if cluster_status is not UNSET:
            field_dict["cluster_status"] = cluster_status
        if detail is not UNSET:
            field_dict["detail"] = detail
        if nodes is not UNSET:
            field_dict["nodes"] = nodes
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_cluster_status(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cluster_status = _parse_cluster_status(d.pop("cluster_status", UNSET))

        def _parse_detail(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        detail = _parse_detail(d.pop("detail", UNSET))

        def _parse_nodes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        nodes = _parse_nodes(d.pop("nodes", UNSET))

        status = d.pop("status", UNSET)

        health_dep_type_0 = cls(
            cluster_status=cluster_status,
            detail=detail,
            nodes=nodes,
            status=status,
        )

        health_dep_type_0.additional_properties = d
        return health_dep_type_0

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
