package fieldmap

import (
	"encoding"
	"encoding/json"
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
// record map.
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
	plan      *encPlan // kindNested
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
	// kindNested: a struct, a pointer to one or a slice encoded by an
	// encPlan (types encoding/json encodes by the rules encPlan follows).
	kindNested
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
		e := &recordEntry[T]{field: f.index, omitEmpty: f.omitEmpty, kind: fastKinds[t.Field(f.index).Type]}
		if e.kind == kindOther {
			if e.plan = planFor(t.Field(f.index).Type, map[reflect.Type]bool{}); e.plan != nil {
				e.kind = kindNested
			}
		}
		byKey[f.name] = e
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
		case e.kind == kindNested:
			b, err = e.plan.append(b, fv)
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

// encPlan encodes a struct, a pointer to one or a slice as json.Marshal
// does, without its reflection per call: the nested values of records
// (EPC renovations, council tax history). Only types whose every part is
// a plain scalar (fastKinds), or such a plan, get one: a type with its own
// MarshalJSON or MarshalText (on the value or the pointer), a map, an
// array, []byte, an embedded field or a tag option other than omitempty
// is left to encoding/json, as a whole.
type encPlan struct {
	kind   reflect.Kind // Struct, Pointer (to a struct) or Slice
	fields []encField   // of a struct
	elem   *encPlan     // of a pointer or slice, when not a scalar
	scalar fastKind     // of a slice of scalars
}

type encField struct {
	index     int
	key       []byte // "name":
	omitEmpty bool
	scalar    fastKind
	plan      *encPlan
}

var (
	jsonMarshalerType = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

func marshals(t reflect.Type) bool {
	return t.Implements(jsonMarshalerType) || t.Implements(textMarshalerType) ||
		reflect.PointerTo(t).Implements(jsonMarshalerType) || reflect.PointerTo(t).Implements(textMarshalerType)
}

// planFor is the plan of t, nil when encoding/json must encode it.
func planFor(t reflect.Type, building map[reflect.Type]bool) *encPlan {
	if marshals(t) || building[t] {
		return nil
	}
	switch t.Kind() {
	case reflect.Pointer:
		if t.Elem().Kind() != reflect.Struct {
			return nil
		}
		if e := planFor(t.Elem(), building); e != nil {
			return &encPlan{kind: reflect.Pointer, elem: e}
		}
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return nil // []byte is base64
		}
		if k := fastKinds[t.Elem()]; k != kindOther {
			return &encPlan{kind: reflect.Slice, scalar: k}
		}
		if e := planFor(t.Elem(), building); e != nil {
			return &encPlan{kind: reflect.Slice, elem: e}
		}
	case reflect.Struct:
		building[t] = true
		defer delete(building, t)
		p := &encPlan{kind: reflect.Struct}
		seen := map[string]bool{}
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if f.Anonymous {
				return nil
			}
			name, opts, skip := jsonTag(f)
			if skip {
				continue
			}
			if (opts != "" && opts != "omitempty") || !validTagName(name) {
				return nil
			}
			if name == "" {
				name = f.Name
			}
			if seen[name] {
				return nil // encoding/json's rules for duplicate names
			}
			seen[name] = true
			ef := encField{index: i, key: append(appendString(nil, name), ':'), omitEmpty: opts == "omitempty", scalar: fastKinds[f.Type]}
			if ef.scalar == kindOther {
				if ef.plan = planFor(f.Type, building); ef.plan == nil {
					return nil
				}
			}
			p.fields = append(p.fields, ef)
		}
		return p
	}
	return nil
}

// append encodes v (of the plan's type).
func (p *encPlan) append(b []byte, v reflect.Value) ([]byte, error) {
	var err error
	switch p.kind {
	case reflect.Pointer:
		if v.IsNil() {
			return append(b, "null"...), nil
		}
		return p.elem.append(b, v.Elem())
	case reflect.Slice:
		if v.IsNil() {
			return append(b, "null"...), nil
		}
		b = append(b, '[')
		for i := 0; i < v.Len(); i++ {
			if i > 0 {
				b = append(b, ',')
			}
			if p.elem != nil {
				b, err = p.elem.append(b, v.Index(i))
			} else {
				b, err = appendField(b, v.Index(i), p.scalar)
			}
			if err != nil {
				return nil, err
			}
		}
		return append(b, ']'), nil
	}
	b = append(b, '{')
	first := true
	for i := range p.fields {
		f := &p.fields[i]
		fv := v.Field(f.index)
		if f.omitEmpty && isEmptyJSON(fv) {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, f.key...)
		if f.plan != nil {
			b, err = f.plan.append(b, fv)
		} else {
			b, err = appendField(b, fv, f.scalar)
		}
		if err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}
