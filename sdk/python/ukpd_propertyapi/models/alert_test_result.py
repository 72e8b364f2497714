from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.alert_event import AlertEvent
    from ..models.alert_test_result_delivery_type_0 import AlertTestResultDeliveryType0


T = TypeVar("T", bound="AlertTestResult")


@_attrs_define
class AlertTestResult:
    """
    Attributes:
        event (AlertEvent):
        delivery (AlertTestResultDeliveryType0 | None | Unset): The webhook's answer (null for a stream-only alert).
    """

    event: AlertEvent
    delivery: AlertTestResultDeliveryType0 | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.alert_test_result_delivery_type_0 import AlertTestResultDeliveryType0  # noqa: PLC0415

        event = self.event.to_dict()

        delivery: dict[str, Any] | None | Unset
        if isinstance(self.delivery, Unset):
            delivery = UNSET
        elif isinstance(self.delivery, AlertTestResultDeliveryType0):
            delivery = self.delivery.to_dict()
        else:
            delivery = self.delivery

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "event": event,
            }
        )
        if delivery is not UNSET:
            field_dict["delivery"] = delivery

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.alert_event import AlertEvent  # noqa: PLC0415
        from ..models.alert_test_result_delivery_type_0 import AlertTestResultDeliveryType0  # noqa: PLC0415

        d = dict(src_dict)
        event = AlertEvent.from_dict(d.pop("event"))

        def _parse_delivery(data: object) -> AlertTestResultDeliveryType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                delivery_type_0 = AlertTestResultDeliveryType0.from_dict(data)

                return delivery_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AlertTestResultDeliveryType0 | None | Unset, data)

        delivery = _parse_delivery(d.pop("delivery", UNSET))

        alert_test_result = cls(
            event=event,
            delivery=delivery,
        )

        alert_test_result.additional_properties = d
        return alert_test_result

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
