from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.valuation_estimate_method import ValuationEstimateMethod, check_valuation_estimate_method
from ..models.valuation_estimate_type import ValuationEstimateType, check_valuation_estimate_type
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.valuation_estimate_comparable_properties_item import ValuationEstimateComparablePropertiesItem
    from ..models.valuation_estimate_confidence_type_0 import ValuationEstimateConfidenceType0
    from ..models.valuation_estimate_methodology_type_0 import ValuationEstimateMethodologyType0


T = TypeVar("T", bound="ValuationEstimate")


@_attrs_define
class ValuationEstimate:
    """
    Attributes:
        estimate_gbp (int):
        method (ValuationEstimateMethod):
        uprn (int):
        attribution (None | str | Unset):
        comparable_properties (list[ValuationEstimateComparablePropertiesItem] | Unset):
        comparables_count (int | None | Unset):
        confidence (None | Unset | ValuationEstimateConfidenceType0):
        methodology (None | Unset | ValuationEstimateMethodologyType0): Depends on the method: composite gives weights,
            hpi_monthly_growth, comparable_radius_miles and sale_date_max_years; recent_sale_price gives source and
            sold_date; active_listing_price gives source, listing_added_date and listing_status.
        range_high_gbp (int | None | Unset):
        range_low_gbp (int | None | Unset):
        response_time_seconds (float | None | Unset):
        type_ (ValuationEstimateType | Unset):
    """

    estimate_gbp: int
    method: ValuationEstimateMethod
    uprn: int
    attribution: None | str | Unset = UNSET
    comparable_properties: list[ValuationEstimateComparablePropertiesItem] | Unset = UNSET
    comparables_count: int | None | Unset = UNSET
    confidence: None | Unset | ValuationEstimateConfidenceType0 = UNSET
    methodology: None | Unset | ValuationEstimateMethodologyType0 = UNSET
    range_high_gbp: int | None | Unset = UNSET
    range_low_gbp: int | None | Unset = UNSET
    response_time_seconds: float | None | Unset = UNSET
    type_: ValuationEstimateType | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.valuation_estimate_confidence_type_0 import ValuationEstimateConfidenceType0  # noqa: PLC0415
        from ..models.valuation_estimate_methodology_type_0 import ValuationEstimateMethodologyType0  # noqa: PLC0415

        estimate_gbp = self.estimate_gbp

        method: str = self.method

        uprn = self.uprn

        attribution: None | str | Unset
        if isinstance(self.attribution, Unset):
            attribution = UNSET
        else:
            attribution = self.attribution

        comparable_properties: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.comparable_properties, Unset):
            comparable_properties = []
            for comparable_properties_item_data in self.comparable_properties:
                comparable_properties_item = comparable_properties_item_data.to_dict()
                comparable_properties.append(comparable_properties_item)

        comparables_count: int | None | Unset
        if isinstance(self.comparables_count, Unset):
            comparables_count = UNSET
        else:
            comparables_count = self.comparables_count

        confidence: dict[str, Any] | None | Unset
        if isinstance(self.confidence, Unset):
            confidence = UNSET
        elif isinstance(self.confidence, ValuationEstimateConfidenceType0):
            confidence = self.confidence.to_dict()
        else:
            confidence = self.confidence

        methodology: dict[str, Any] | None | Unset
        if isinstance(self.methodology, Unset):
            methodology = UNSET
        elif isinstance(self.methodology, ValuationEstimateMethodologyType0):
            methodology = self.methodology.to_dict()
        else:
            methodology = self.methodology

        range_high_gbp: int | None | Unset
        if isinstance(self.range_high_gbp, Unset):
            range_high_gbp = UNSET
        else:
            range_high_gbp = self.range_high_gbp

        range_low_gbp: int | None | Unset
        if isinstance(self.range_low_gbp, Unset):
            range_low_gbp = UNSET
        else:
            range_low_gbp = self.range_low_gbp

        response_time_seconds: float | None | Unset
        if isinstance(self.response_time_seconds, Unset):
            response_time_seconds = UNSET
        else:
            response_time_seconds = self.response_time_seconds

        type_: str | Unset = UNSET
        if not isinstance(self.type_, Unset):
            type_ = self.type_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "estimate_gbp": estimate_gbp,
                "method": method,
                "uprn": uprn,
            }
        )
        if attribution is not UNSET:
            field_dict["attribution"] = attribution
        if comparable_properties is not UNSET:
            field_dict["comparable_properties"] = comparable_properties
        if comparables_count is not UNSET:
            field_dict["comparables_count"] = comparables_count
        if confidence is not UNSET:
            field_dict["confidence"] = confidence
        if methodology is not UNSET:
            field_dict["methodology"] = methodology
        if range_high_gbp is not UNSET:
            field_dict["range_high_gbp"] = range_high_gbp
        if range_low_gbp is not UNSET:
            field_dict["range_low_gbp"] = range_low_gbp
        if response_time_seconds is not UNSET:
            field_dict["response_time_seconds"] = response_time_seconds
        if type_ is not UNSET:
            field_dict["type"] = type_

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.valuation_estimate_comparable_properties_item import ValuationEstimateComparablePropertiesItem  # noqa: PLC0415
        from ..models.valuation_estimate_confidence_type_0 import ValuationEstimateConfidenceType0  # noqa: PLC0415
        from ..models.valuation_estimate_methodology_type_0 import ValuationEstimateMethodologyType0  # noqa: PLC0415

        d = dict(src_dict)
        estimate_gbp = d.pop("estimate_gbp")

        method = check_valuation_estimate_method(d.pop("method"))

        uprn = d.pop("uprn")

        def _parse_attribution(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        attribution = _parse_attribution(d.pop("attribution", UNSET))

        _comparable_properties = d.pop("comparable_properties", UNSET)
        comparable_properties: list[ValuationEstimateComparablePropertiesItem] | Unset = UNSET
        if _comparable_properties is not UNSET:
            comparable_properties = []
            for comparable_properties_item_data in _comparable_properties:
                comparable_properties_item = ValuationEstimateComparablePropertiesItem.from_dict(
                    comparable_properties_item_data
                )

                comparable_properties.append(comparable_properties_item)

        def _parse_comparables_count(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        comparables_count = _parse_comparables_count(d.pop("comparables_count", UNSET))

        def _parse_confidence(data: object) -> None | Unset | ValuationEstimateConfidenceType0:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                confidence_type_0 = ValuationEstimateConfidenceType0.from_dict(data)

                return confidence_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | ValuationEstimateConfidenceType0, data)

        confidence = _parse_confidence(d.pop("confidence", UNSET))

        def _parse_methodology(data: object) -> None | Unset | ValuationEstimateMethodologyType0:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                methodology_type_0 = ValuationEstimateMethodologyType0.from_dict(data)

                return methodology_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | ValuationEstimateMethodologyType0, data)

        methodology = _parse_methodology(d.pop("methodology", UNSET))

        def _parse_range_high_gbp(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        range_high_gbp = _parse_range_high_gbp(d.pop("range_high_gbp", UNSET))

        def _parse_range_low_gbp(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        range_low_gbp = _parse_range_low_gbp(d.pop("range_low_gbp", UNSET))

        def _parse_response_time_seconds(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        response_time_seconds = _parse_response_time_seconds(d.pop("response_time_seconds", UNSET))

        _type_ = d.pop("type", UNSET)
        type_: ValuationEstimateType | Unset
        if isinstance(_type_, Unset):
            type_ = UNSET
        else:
            type_ = check_valuation_estimate_type(_type_)

        valuation_estimate = cls(
            estimate_gbp=estimate_gbp,
            method=method,
            uprn=uprn,
            attribution=attribution,
            comparable_properties=comparable_properties,
            comparables_count=comparables_count,
            confidence=confidence,
            methodology=methodology,
            range_high_gbp=range_high_gbp,
            range_low_gbp=range_low_gbp,
            response_time_seconds=response_time_seconds,
            type_=type_,
        )

        valuation_estimate.additional_properties = d
        return valuation_estimate

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
