from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.postcode_profile_detail_type_1 import PostcodeProfileDetailType1, check_postcode_profile_detail_type_1
from ..models.postcode_profile_detail_type_2_type_1 import (
    PostcodeProfileDetailType2Type1,
    check_postcode_profile_detail_type_2_type_1,
)
from ..models.postcode_profile_detail_type_3_type_1 import (
    PostcodeProfileDetailType3Type1,
    check_postcode_profile_detail_type_3_type_1,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.coverage_item import CoverageItem
    from ..models.data_sources import DataSources
    from ..models.lat_lng import LatLng
    from ..models.postcode_profile_broadband_type_0 import PostcodeProfileBroadbandType0
    from ..models.postcode_profile_census_type_0 import PostcodeProfileCensusType0
    from ..models.postcode_profile_council_tax_type_0 import PostcodeProfileCouncilTaxType0
    from ..models.postcode_profile_deprivation_type_0 import PostcodeProfileDeprivationType0
    from ..models.postcode_profile_environmental_risk_type_0 import PostcodeProfileEnvironmentalRiskType0
    from ..models.postcode_profile_hpi_type_0 import PostcodeProfileHpiType0
    from ..models.postcode_profile_properties_type_0 import PostcodeProfilePropertiesType0
    from ..models.postcode_profile_schools_type_0 import PostcodeProfileSchoolsType0
    from ..models.postcode_profile_sold_prices_type_0 import PostcodeProfileSoldPricesType0
    from ..models.postcode_profile_transport_type_0 import PostcodeProfileTransportType0
    from ..models.postcode_successor import PostcodeSuccessor


T = TypeVar("T", bound="PostcodeProfile")


@_attrs_define
class PostcodeProfile:
    """Every section of spec 2.7; sections may be null where no data exists (and on the Free plan only summary sections are
    filled).

        Attributes:
            postcode (str):
            broadband (None | PostcodeProfileBroadbandType0 | Unset):
            census (None | PostcodeProfileCensusType0 | Unset):
            council_tax (None | PostcodeProfileCouncilTaxType0 | Unset):
            coverage (list[CoverageItem] | Unset): Why each null section is null (a partial load is not an outage). status
                dataset_not_loaded = the dataset is not loaded on this server; no_data = loaded, nothing for this place;
                not_applicable = the place lacks the key (no LSOA, no grid reference); plan = left out of the Free plan's
                summary.
            data_sources (DataSources | Unset): Each dataset read, with its source ("generated" or "import:<format>"),
                release and load time as the indexer recorded them. Every data response also carries them in the X-Data-Source
                and X-Data-Release headers.
            deprivation (None | PostcodeProfileDeprivationType0 | Unset):
            detail (None | PostcodeProfileDetailType1 | PostcodeProfileDetailType2Type1 | PostcodeProfileDetailType3Type1 |
                Unset):
            environmental_risk (None | PostcodeProfileEnvironmentalRiskType0 | Unset):
            hpi (None | PostcodeProfileHpiType0 | Unset):
            location (LatLng | None | Unset):
            outcode (None | str | Unset):
            properties (None | PostcodeProfilePropertiesType0 | Unset):
            schools (None | PostcodeProfileSchoolsType0 | Unset):
            sold_prices (None | PostcodeProfileSoldPricesType0 | Unset):
            successors (list[PostcodeSuccessor] | Unset):
            terminated (None | str | Unset): The month a terminated postcode was retired (YYYY-MM); null when live. The
                sections describe its last known place.
            transport (None | PostcodeProfileTransportType0 | Unset):
    """

    postcode: str
    broadband: None | PostcodeProfileBroadbandType0 | Unset = UNSET
    census: None | PostcodeProfileCensusType0 | Unset = UNSET
    council_tax: None | PostcodeProfileCouncilTaxType0 | Unset = UNSET
    coverage: list[CoverageItem] | Unset = UNSET
    data_sources: DataSources | Unset = UNSET
    deprivation: None | PostcodeProfileDeprivationType0 | Unset = UNSET
    detail: (
        None | PostcodeProfileDetailType1 | PostcodeProfileDetailType2Type1 | PostcodeProfileDetailType3Type1 | Unset
    ) = UNSET
    environmental_risk: None | PostcodeProfileEnvironmentalRiskType0 | Unset = UNSET
    hpi: None | PostcodeProfileHpiType0 | Unset = UNSET
    location: LatLng | None | Unset = UNSET
    outcode: None | str | Unset = UNSET
    properties: None | PostcodeProfilePropertiesType0 | Unset = UNSET
    schools: None | PostcodeProfileSchoolsType0 | Unset = UNSET
    sold_prices: None | PostcodeProfileSoldPricesType0 | Unset = UNSET
    successors: list[PostcodeSuccessor] | Unset = UNSET
    terminated: None | str | Unset = UNSET
    transport: None | PostcodeProfileTransportType0 | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.lat_lng import LatLng  # noqa: PLC0415
        from ..models.postcode_profile_broadband_type_0 import PostcodeProfileBroadbandType0  # noqa: PLC0415
        from ..models.postcode_profile_census_type_0 import PostcodeProfileCensusType0  # noqa: PLC0415
        from ..models.postcode_profile_council_tax_type_0 import PostcodeProfileCouncilTaxType0  # noqa: PLC0415
        from ..models.postcode_profile_deprivation_type_0 import PostcodeProfileDeprivationType0  # noqa: PLC0415
        from ..models.postcode_profile_environmental_risk_type_0 import PostcodeProfileEnvironmentalRiskType0  # noqa: PLC0415
        from ..models.postcode_profile_hpi_type_0 import PostcodeProfileHpiType0  # noqa: PLC0415
        from ..models.postcode_profile_properties_type_0 import PostcodeProfilePropertiesType0  # noqa: PLC0415
        from ..models.postcode_profile_schools_type_0 import PostcodeProfileSchoolsType0  # noqa: PLC0415
        from ..models.postcode_profile_sold_prices_type_0 import PostcodeProfileSoldPricesType0  # noqa: PLC0415
        from ..models.postcode_profile_transport_type_0 import PostcodeProfileTransportType0  # noqa: PLC0415

        postcode = self.postcode

        broadband: dict[str, Any] | None | Unset
        if isinstance(self.broadband, Unset):
            broadband = UNSET
        elif isinstance(self.broadband, PostcodeProfileBroadbandType0):
            broadband = self.broadband.to_dict()
        else:
            broadband = self.broadband

        census: dict[str, Any] | None | Unset
        if isinstance(self.census, Unset):
            census = UNSET
        elif isinstance(self.census, PostcodeProfileCensusType0):
            census = self.census.to_dict()
        else:
            census = self.census

        council_tax: dict[str, Any] | None | Unset
        if isinstance(self.council_tax, Unset):
            council_tax = UNSET
        elif isinstance(self.council_tax, PostcodeProfileCouncilTaxType0):
            council_tax = self.council_tax.to_dict()
        else:
            council_tax = self.council_tax

        coverage: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.coverage, Unset):
            coverage = []
            for componentsschemas_coverage_item_data in self.coverage:
                componentsschemas_coverage_item = componentsschemas_coverage_item_data.to_dict()
                coverage.append(componentsschemas_coverage_item)

        data_sources: dict[str, Any] | Unset = UNSET
        if not isinstance(self.data_sources, Unset):
            data_sources = self.data_sources.to_dict()

        deprivation: dict[str, Any] | None | Unset
        if isinstance(self.deprivation, Unset):
            deprivation = UNSET
        elif isinstance(self.deprivation, PostcodeProfileDeprivationType0):
            deprivation = self.deprivation.to_dict()
        else:
            deprivation = self.deprivation

        detail: None | str | Unset
        if isinstance(self.detail, Unset):
            detail = UNSET
        elif isinstance(self.detail, str):
            detail = self.detail
        elif isinstance(self.detail, str):
            detail = self.detail
        elif isinstance(self.detail, str):
            detail = self.detail
        else:
            detail = self.detail

        environmental_risk: dict[str, Any] | None | Unset
        if isinstance(self.environmental_risk, Unset):
            environmental_risk = UNSET
        elif isinstance(self.environmental_risk, PostcodeProfileEnvironmentalRiskType0):
            environmental_risk = self.environmental_risk.to_dict()
        else:
            environmental_risk = self.environmental_risk

        hpi: dict[str, Any] | None | Unset
        if isinstance(self.hpi, Unset):
            hpi = UNSET
        elif isinstance(self.hpi, PostcodeProfileHpiType0):
            hpi = self.hpi.to_dict()
        else:
            hpi = self.hpi

        location: dict[str, Any] | None | Unset
        if isinstance(self.location, Unset):
            location = UNSET
        elif isinstance(self.location, LatLng):
            location = self.location.to_dict()
        else:
            location = self.location

        outcode: None | str | Unset
        if isinstance(self.outcode, Unset):
            outcode = UNSET
        else:
            outcode = self.outcode

        properties: dict[str, Any] | None | Unset
        if isinstance(self.properties, Unset):
            properties = UNSET
        elif isinstance(self.properties, PostcodeProfilePropertiesType0):
            properties = self.properties.to_dict()
        else:
            properties = self.properties

        schools: dict[str, Any] | None | Unset
        if isinstance(self.schools, Unset):
            schools = UNSET
        elif isinstance(self.schools, PostcodeProfileSchoolsType0):
            schools = self.schools.to_dict()
        else:
            schools = self.schools

        sold_prices: dict[str, Any] | None | Unset
        if isinstance(self.sold_prices, Unset):
            sold_prices = UNSET
        elif isinstance(self.sold_prices, PostcodeProfileSoldPricesType0):
            sold_prices = self.sold_prices.to_dict()
        else:
            sold_prices = self.sold_prices

        successors: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.successors, Unset):
            successors = []
            for successors_item_data in self.successors:
                successors_item = successors_item_data.to_dict()
                successors.append(successors_item)

        terminated: None | str | Unset
        if isinstance(self.terminated, Unset):
            terminated = UNSET
        else:
            terminated = self.terminated

        transport: dict[str, Any] | None | Unset
        if isinstance(self.transport, Unset):
            transport = UNSET
        elif isinstance(self.transport, PostcodeProfileTransportType0):
            transport = self.transport.to_dict()
        else:
            transport = self.transport

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "postcode": postcode,
            }
        )
        if broadband is not UNSET:
            field_dict["broadband"] = broadband
        if census is not UNSET:
            field_dict["census"] = census
        if council_tax is not UNSET:
            field_dict["council_tax"] = council_tax
        if coverage is not UNSET:
            field_dict["coverage"] = coverage
        if data_sources is not UNSET:
            field_dict["data_sources"] = data_sources
        if deprivation is not UNSET:
            field_dict["deprivation"] = deprivation
        if detail is not UNSET:
            field_dict["detail"] = detail
        if environmental_risk is not UNSET:
            field_dict["environmental_risk"] = environmental_risk
        if hpi is not UNSET:
            field_dict["hpi"] = hpi
        if location is not UNSET:
            field_dict["location"] = location
        if outcode is not UNSET:
            field_dict["outcode"] = outcode
        if properties is not UNSET:
            field_dict["properties"] = properties
        if schools is not UNSET:
            field_dict["schools"] = schools
        if sold_prices is not UNSET:
            field_dict["sold_prices"] = sold_prices
        if successors is not UNSET:
            field_dict["successors"] = successors
        if terminated is not UNSET:
            field_dict["terminated"] = terminated
        if transport is not UNSET:
            field_dict["transport"] = transport

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.coverage_item import CoverageItem  # noqa: PLC0415
        from ..models.data_sources import DataSources  # noqa: PLC0415
        from ..models.lat_lng import LatLng  # noqa: PLC0415
        from ..models.postcode_profile_broadband_type_0 import PostcodeProfileBroadbandType0  # noqa: PLC0415
        from ..models.postcode_profile_census_type_0 import PostcodeProfileCensusType0  # noqa: PLC0415
        from ..models.postcode_profile_council_tax_type_0 import PostcodeProfileCouncilTaxType0  # noqa: PLC0415
        from ..models.postcode_profile_deprivation_type_0 import PostcodeProfileDeprivationType0  # noqa: PLC0415
        from ..models.postcode_profile_environmental_risk_type_0 import PostcodeProfileEnvironmentalRiskType0  # noqa: PLC0415
        from ..models.postcode_profile_hpi_type_0 import PostcodeProfileHpiType0  # noqa: PLC0415
        from ..models.postcode_profile_properties_type_0 import PostcodeProfilePropertiesType0  # noqa: PLC0415
        from ..models.postcode_profile_schools_type_0 import PostcodeProfileSchoolsType0  # noqa: PLC0415
        from ..models.postcode_profile_sold_prices_type_0 import PostcodeProfileSoldPricesType0  # noqa: PLC0415
        from ..models.postcode_profile_transport_type_0 import PostcodeProfileTransportType0  # noqa: PLC0415
        from ..models.postcode_successor import PostcodeSuccessor  # noqa: PLC0415

        d = dict(src_dict)
        postcode = d.pop("postcode")

        def _parse_broadband(data: object) -> None | PostcodeProfileBroadbandType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                broadband_type_0 = PostcodeProfileBroadbandType0.from_dict(data)

                return broadband_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PostcodeProfileBroadbandType0 | Unset, data)

        broadband = _parse_broadband(d.pop("broadband", UNSET))

        def _parse_census(data: object) -> None | PostcodeProfileCensusType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                census_type_0 = PostcodeProfileCensusType0.from_dict(data)

                return census_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PostcodeProfileCensusType0 | Unset, data)

        census = _parse_census(d.pop("census", UNSET))

        def _parse_council_tax(data: object) -> None | PostcodeProfileCouncilTaxType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                council_tax_type_0 = PostcodeProfileCouncilTaxType0.from_dict(data)

                return council_tax_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PostcodeProfileCouncilTaxType0 | Unset, data)

        council_tax = _parse_council_tax(d.pop("council_tax", UNSET))

        _coverage = d.pop("coverage", UNSET)
        coverage: list[CoverageItem] | Unset = UNSET
        if _coverage is not UNSET:
            coverage = []
            for componentsschemas_coverage_item_data in _coverage:
                componentsschemas_coverage_item = CoverageItem.from_dict(componentsschemas_coverage_item_data)

                coverage.append(componentsschemas_coverage_item)

        _data_sources = d.pop("data_sources", UNSET)
        data_sources: DataSources | Unset
        if isinstance(_data_sources, Unset):
            data_sources = UNSET
        else:
            data_sources = DataSources.from_dict(_data_sources)

        def _parse_deprivation(data: object) -> None | PostcodeProfileDeprivationType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deprivation_type_0 = PostcodeProfileDeprivationType0.from_dict(data)

                return deprivation_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PostcodeProfileDeprivationType0 | Unset, data)

        deprivation = _parse_deprivation(d.pop("deprivation", UNSET))

        def _parse_detail(
            data: object,
        ) -> (
            None
            | PostcodeProfileDetailType1
            | PostcodeProfileDetailType2Type1
            | PostcodeProfileDetailType3Type1
            | Unset
        ):
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                detail_type_1 = check_postcode_profile_detail_type_1(data)

                return detail_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                detail_type_2_type_1 = check_postcode_profile_detail_type_2_type_1(data)

                return detail_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                detail_type_3_type_1 = check_postcode_profile_detail_type_3_type_1(data)

                return detail_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None
                | PostcodeProfileDetailType1
                | PostcodeProfileDetailType2Type1
                | PostcodeProfileDetailType3Type1
                | Unset,
                data,
            )

        detail = _parse_detail(d.pop("detail", UNSET))

        def _parse_environmental_risk(data: object) -> None | PostcodeProfileEnvironmentalRiskType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                environmental_risk_type_0 = PostcodeProfileEnvironmentalRiskType0.from_dict(data)

                return environmental_risk_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PostcodeProfileEnvironmentalRiskType0 | Unset, data)

        environmental_risk = _parse_environmental_risk(d.pop("environmental_risk", UNSET))

        def _parse_hpi(data: object) -> None | PostcodeProfileHpiType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                hpi_type_0 = PostcodeProfileHpiType0.from_dict(data)

                return hpi_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PostcodeProfileHpiType0 | Unset, data)

        hpi = _parse_hpi(d.pop("hpi", UNSET))

        def _parse_location(data: object) -> LatLng | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                location_type_0 = LatLng.from_dict(data)

                return location_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LatLng | None | Unset, data)

        location = _parse_location(d.pop("location", UNSET))

        def _parse_outcode(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        outcode = _parse_outcode(d.pop("outcode", UNSET))

        def _parse_properties(data: object) -> None | PostcodeProfilePropertiesType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                properties_type_0 = PostcodeProfilePropertiesType0.from_dict(data)

                return properties_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PostcodeProfilePropertiesType0 | Unset, data)

        properties = _parse_properties(d.pop("properties", UNSET))

        def _parse_schools(data: object) -> None | PostcodeProfileSchoolsType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                schools_type_0 = PostcodeProfileSchoolsType0.from_dict(data)

                return schools_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PostcodeProfileSchoolsType0 | Unset, data)

        schools = _parse_schools(d.pop("schools", UNSET))

        def _parse_sold_prices(data: object) -> None | PostcodeProfileSoldPricesType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sold_prices_type_0 = PostcodeProfileSoldPricesType0.from_dict(data)

                return sold_prices_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PostcodeProfileSoldPricesType0 | Unset, data)

        sold_prices = _parse_sold_prices(d.pop("sold_prices", UNSET))

        _successors = d.pop("successors", UNSET)
        successors: list[PostcodeSuccessor] | Unset = UNSET
        if _successors is not UNSET:
            successors = []
            for successors_item_data in _successors:
                successors_item = PostcodeSuccessor.from_dict(successors_item_data)

                successors.append(successors_item)

        def _parse_terminated(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        terminated = _parse_terminated(d.pop("terminated", UNSET))

        def _parse_transport(data: object) -> None | PostcodeProfileTransportType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                transport_type_0 = PostcodeProfileTransportType0.from_dict(data)

                return transport_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PostcodeProfileTransportType0 | Unset, data)

        transport = _parse_transport(d.pop("transport", UNSET))

        postcode_profile = cls(
            postcode=postcode,
            broadband=broadband,
            census=census,
            council_tax=council_tax,
            coverage=coverage,
            data_sources=data_sources,
            deprivation=deprivation,
            detail=detail,
            environmental_risk=environmental_risk,
            hpi=hpi,
            location=location,
            outcode=outcode,
            properties=properties,
            schools=schools,
            sold_prices=sold_prices,
            successors=successors,
            terminated=terminated,
            transport=transport,
        )

        postcode_profile.additional_properties = d
        return postcode_profile

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
