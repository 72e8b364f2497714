package fieldmap

import (
	"reflect"
	"slices"
	"strconv"
)

// Record encodes a struct of type T as MarshalMap would encode the map
// StructMap renders it as, after the caller's edits to that map (keys
// dropped, keys always present, keys computed), byte for byte, without
// building the map: no boxing of every field, no map, no sorting per
// call. The key order is fixed once, when the encoder is built. The
// property lookups spent a third of their handler's CPU rendering the
// record map (issue 19).
type Record[T any] struct {
	entries []recordEntry[T]
}

// Literal is a computed value already encoded as JSON.
type Literal string

// recordEntry is one possible key of the record, in key order.
type recordEntry[T any] struct {
	key       []byte // the encoded key and its colon: "name":
	field     int    // the struct field, or -1 for a computed key
	omitEmpty bool
	always    bool // present even when omitted (as null)
	kind      fastKind
	compute   func(v *T) any
}

// fastKind is a field type MarshalMap encodes without json.Marshal
// (anything else is encoded by appendValue of the field's value, as
// MarshalMap does).
type fastKind int

const (
	kindOther fastKind = iota
	kindString
	kindBool
	kindInt
	kindInt64
	kindInt32
	kindFloat64
	kindFloat32
	kindPtrString
	kindPtrInt
	kindPtrInt64
	kindPtrFloat64
	kindPtrBool
)

var fastKinds = map[reflect.Type]fastKind{
	reflect.TypeFor[string]():   kindString,
	reflect.TypeFor[bool]():     kindBool,
	reflect.TypeFor[int]():      kindInt,
	reflect.TypeFor[int64]():    kindInt64,
	reflect.TypeFor[int32]():    kindInt32,
	reflect.TypeFor[float64]():  kindFloat64,
	reflect.TypeFor[float32]():  kindFloat32,
	reflect.TypeFor[*string]():  kindPtrString,
	reflect.TypeFor[*int]():     kindPtrInt,
	reflect.TypeFor[*int64]():   kindPtrInt64,
	reflect.TypeFor[*float64](): kindPtrFloat64,
	reflect.TypeFor[*bool]():    kindPtrBool,
}

// NewRecord builds the encoder of
//
//	m := StructMap(v, 0)
//	delete(m, k)               for each k in drop
//	if absent: m[k] = nil      for each k in always
//	m[k] = computed[k](v)      for each computed key
//	MarshalMap(m)
//
// T must be a struct type.
func NewRecord[T any](drop, always []string, computed map[string]func(v *T) any) *Record[T] {
	t := reflect.TypeFor[T]()
	byKey := map[string]*recordEntry[T]{}
	for _, f := range jsonFields(t) {
		if slices.Contains(drop, f.name) {
			continue
		}
		byKey[f.name] = &recordEntry[T]{field: f.index, omitEmpty: f.omitEmpty, kind: fastKinds[t.Field(f.index).Type]}
	}
	for _, k := range always {
		if e := byKey[k]; e != nil {
			e.always = true
		} else {
			byKey[k] = &recordEntry[T]{field: -1, always: true}
		}
	}
	for k, fn := range computed {
		byKey[k] = &recordEntry[T]{field: -1, compute: fn}
	}
	keys := make([]string, 0, len(byKey))
	for k := range byKey {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	r := &Record[T]{}
	for _, k := range keys {
		e := byKey[k]
		e.key = append(appendString(nil, k), ':')
		r.entries = append(r.entries, *e)
	}
	return r
}

// Append appends the encoding of v to b.
func (r *Record[T]) Append(b []byte, v *T) ([]byte, error) {
	rv := reflect.ValueOf(v).Elem()
	b = append(b, '{')
	first := true
	for i := range r.entries {
		e := &r.entries[i]
		var fv reflect.Value
		present := true
		if e.compute == nil && e.field >= 0 {
			fv = rv.Field(e.field)
			present = !e.omitEmpty || !isEmptyJSON(fv)
		} else if e.compute == nil {
			present = false // an always key with no field: null
		}
		if !present && !e.always {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, e.key...)
		var err error
		switch {
		case e.compute != nil:
			if l, ok := e.compute(v).(Literal); ok {
				b = append(b, l...)
			} else {
				b, err = appendValue(b, e.compute(v))
			}
		case !present:
			b = append(b, "null"...)
		default:
			b, err = appendField(b, fv, e.kind)
		}
		if err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}

// appendField encodes a field's value as appendValue encodes the value
// StructMap puts in the map (a nil pointer is null).
func appendField(b []byte, fv reflect.Value, k fastKind) ([]byte, error) {
	switch k {
	case kindString:
		return appendString(b, fv.String()), nil
	case kindBool:
		return strconv.AppendBool(b, fv.Bool()), nil
	case kindInt, kindInt64, kindInt32:
		return strconv.AppendInt(b, fv.Int(), 10), nil
	case kindFloat64:
		return appendFloat(b, fv.Float(), 64)
	case kindFloat32:
		return appendFloat(b, fv.Float(), 32)
	case kindPtrString, kindPtrInt, kindPtrInt64, kindPtrFloat64, kindPtrBool:
		if fv.IsNil() {
			return append(b, "null"...), nil
		}
		return appendField(b, fv.Elem(), elemKind[k])
	}
	if fv.Kind() == reflect.Pointer && fv.IsNil() {
		return append(b, "null"...), nil
	}
	return appendValue(b, fv.Interface())
}

// elemKind is the kind a pointer kind points to.
var elemKind = [...]fastKind{
	kindPtrString: kindString, kindPtrInt: kindInt, kindPtrInt64: kindInt64,
	kindPtrFloat64: kindFloat64, kindPtrBool: kindBool,
}
