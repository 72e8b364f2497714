from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.code_name_type_0 import CodeNameType0
    from ..models.deprivation_domains_item import DeprivationDomainsItem
    from ..models.deprivation_metadata_type_0 import DeprivationMetadataType0
    from ..models.deprivation_overall_type_0 import DeprivationOverallType0


T = TypeVar("T", bound="Deprivation")


@_attrs_define
class Deprivation:
    """
    Attributes:
        postcode (str):
        domains (list[DeprivationDomainsItem] | Unset):
        lad (CodeNameType0 | None | Unset):
        lsoa (CodeNameType0 | None | Unset):
        metadata (DeprivationMetadataType0 | None | Unset):
        overall (DeprivationOverallType0 | None | Unset):
    """

    postcode: str
    domains: list[DeprivationDomainsItem] | Unset = UNSET
    lad: CodeNameType0 | None | Unset = UNSET
    lsoa: CodeNameType0 | None | Unset = UNSET
    metadata: DeprivationMetadataType0 | None | Unset = UNSET
    overall: DeprivationOverallType0 | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.code_name_type_0 import CodeNameType0  # noqa: PLC0415
        from ..models.deprivation_metadata_type_0 import DeprivationMetadataType0  # noqa: PLC0415
        from ..models.deprivation_overall_type_0 import DeprivationOverallType0  # noqa: PLC0415

        postcode = self.postcode

        domains: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.domains, Unset):
            domains = []
            for domains_item_data in self.domains:
                domains_item = domains_item_data.to_dict()
                domains.append(domains_item)

        lad: dict[str, Any] | None | Unset
        if isinstance(self.lad, Unset):
            lad = UNSET
        elif isinstance(self.lad, CodeNameType0):
            lad = self.lad.to_dict()
        else:
            lad = self.lad

        lsoa: dict[str, Any] | None | Unset
        if isinstance(self.lsoa, Unset):
            lsoa = UNSET
        elif isinstance(self.lsoa, CodeNameType0):
            lsoa = self.lsoa.to_dict()
        else:
            lsoa = self.lsoa

        metadata: dict[str, Any] | None | Unset
        if isinstance(self.metadata, Unset):
            metadata = UNSET
        elif isinstance(self.metadata, DeprivationMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata

        overall: dict[str, Any] | None | Unset
        if isinstance(self.overall, Unset):
            overall = UNSET
        elif isinstance(self.overall, DeprivationOverallType0):
            overall = self.overall.to_dict()
        else:
            overall = self.overall

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "postcode": postcode,
            }
        )
        if domains is not UNSET:
            field_dict["domains"] = domains
        if lad is not UNSET:
            field_dict["lad"] = lad
        if lsoa is not UNSET:
            field_dict["lsoa"] = lsoa
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if overall is not UNSET:
            field_dict["overall"] = overall

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.code_name_type_0 import CodeNameType0  # noqa: PLC0415
        from ..models.deprivation_domains_item import DeprivationDomainsItem  # noqa: PLC0415
        from ..models.deprivation_metadata_type_0 import DeprivationMetadataType0  # noqa: PLC0415
        from ..models.deprivation_overall_type_0 import DeprivationOverallType0  # noqa: PLC0415

        d = dict(src_dict)
        postcode = d.pop("postcode")

        _domains = d.pop("domains", UNSET)
        domains: list[DeprivationDomainsItem] | Unset = UNSET
        if _domains is not UNSET:
            domains = []
            for domains_item_data in _domains:
                domains_item = DeprivationDomainsItem.from_dict(domains_item_data)

                domains.append(domains_item)

        def _parse_lad(data: object) -> CodeNameType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_code_name_type_0 = CodeNameType0.from_dict(data)

                return componentsschemas_code_name_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CodeNameType0 | None | Unset, data)

        lad = _parse_lad(d.pop("lad", UNSET))

        def _parse_lsoa(data: object) -> CodeNameType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_code_name_type_0 = CodeNameType0.from_dict(data)

                return componentsschemas_code_name_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CodeNameType0 | None | Unset, data)

        lsoa = _parse_lsoa(d.pop("lsoa", UNSET))

        def _parse_metadata(data: object) -> DeprivationMetadataType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = DeprivationMetadataType0.from_dict(data)

                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DeprivationMetadataType0 | None | Unset, data)

        metadata = _parse_metadata(d.pop("metadata", UNSET))

        def _parse_overall(data: object) -> DeprivationOverallType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                overall_type_0 = DeprivationOverallType0.from_dict(data)

                return overall_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(DeprivationOverallType0 | None | Unset, data)

        overall = _parse_overall(d.pop("overall", UNSET))

        deprivation = cls(
            postcode=postcode,
            domains=domains,
            lad=lad,
            lsoa=lsoa,
            metadata=metadata,
            overall=overall,
        )

        deprivation.additional_properties = d
        return deprivation

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
