package fieldmap

import (
	"bytes"
	"encoding"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// Unmarshal decodes a JSON object into the struct v points to, with the
// result of json.Unmarshal(data, v), without encoding/json's reflection
// over every value: the top-level fields of strings, numbers and bools
// (and pointers to them) are set directly, nested values (objects,
// arrays) are handed to encoding/json one by one. Anything this decoder
// is not sure to decode as encoding/json does (a malformed document, a
// type mismatch, an escaped key, a key that only matches a field
// case-insensitively, a field type with its own UnmarshalJSON, a struct
// with embedded fields or ",string" options, a struct that is not zero to
// start with) is decoded by json.Unmarshal from the start, so errors and
// edge cases are encoding/json's own. Decoding a property record with
// json.Unmarshal was the largest share of the per-key lookups' CPU
// .
func Unmarshal(data []byte, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() || rv.Elem().Kind() != reflect.Struct {
		return json.Unmarshal(data, v)
	}
	sv := rv.Elem()
	p := decodePlanOf(sv.Type())
	if p == nil || !sv.IsZero() {
		return json.Unmarshal(data, v)
	}
	if p.decode(data, string(data), sv) {
		return nil
	}
	sv.SetZero()
	return json.Unmarshal(data, v)
}

// decField is one field the fast path decodes.
type decField struct {
	index int
	// kind is the kind the fast path sets: the field's own, or its
	// element's when ptr is set (a pointer to a scalar).
	kind reflect.Kind
	ptr  bool
	// delegate: the value goes to json.Unmarshal (nested values, types
	// with their own decoding, kinds the fast path does not set).
	delegate bool
	bits     int // of numbers
	// nested values decoded by the fast path too: a struct (or a pointer
	// to one) with its own plan, or a slice of such structs or of scalars
	// (elem).
	sub   *decodePlan
	slice bool
	elem  *decField
}

type decodePlan struct {
	fields map[string]*decField
	names  []string
}

var decodePlans sync.Map // reflect.Type -> *decodePlan (nil: always encoding/json)

var (
	jsonUnmarshalerType = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// decodePlanOf is the plan of a struct type, nil when the fast path does
// not apply to it.
func decodePlanOf(t reflect.Type) *decodePlan {
	if v, ok := decodePlans.Load(t); ok {
		return v.(*decodePlan)
	}
	p := buildDecodePlan(t, map[reflect.Type]bool{})
	decodePlans.Store(t, p) // built again by a concurrent first call: the same plan
	return p
}

// buildDecodePlan builds the plan of t; building holds the struct types
// being built above it (a recursive type's inner use is delegated).
func buildDecodePlan(t reflect.Type, building map[reflect.Type]bool) *decodePlan {
	if custom(t) {
		return nil
	}
	building[t] = true
	defer delete(building, t)
	p := &decodePlan{fields: map[string]*decField{}}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous {
			return nil // embedded fields: encoding/json's promotion rules
		}
		name, opts, skip := jsonTag(f)
		if skip {
			continue
		}
		if strings.Contains(","+opts+",", ",string,") || !validTagName(name) {
			return nil
		}
		if name == "" {
			name = f.Name
		}
		if _, dup := p.fields[name]; dup {
			return nil
		}
		fp := fieldPlan(f.Type, building)
		fp.index = i
		p.fields[name] = fp
		p.names = append(p.names, name)
	}
	return p
}

// validTagName: the names encoding/json accepts as given (others fall
// back to the field name there); the fast path only takes plain ones.
func validTagName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// fieldPlan is how a value of type t is decoded: a scalar, a struct (or
// pointer to one) or a slice of those, or delegated to encoding/json.
func fieldPlan(t reflect.Type, building map[reflect.Type]bool) *decField {
	f := &decField{delegate: true}
	if custom(t) {
		return f
	}
	et := t
	if t.Kind() == reflect.Pointer {
		et = t.Elem()
		if custom(et) {
			return f
		}
		f.ptr = true
	}
	switch k := et.Kind(); k {
	case reflect.String, reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		f.kind, f.delegate = k, false
		if k != reflect.String && k != reflect.Bool {
			f.bits = et.Bits()
		}
	case reflect.Struct:
		if building[et] {
			return f
		}
		if f.sub = buildDecodePlan(et, building); f.sub != nil {
			f.kind, f.delegate = k, false
		}
	case reflect.Slice:
		if f.ptr || et.Elem().Kind() == reflect.Uint8 {
			return f // pointers to slices; []byte is base64
		}
		if e := fieldPlan(et.Elem(), building); !e.delegate && !e.ptr && !e.slice {
			f.kind, f.delegate, f.slice, f.elem = k, false, true, e
		}
	}
	return f
}

// custom reports a type that decodes itself.
func custom(t reflect.Type) bool {
	return t.Implements(jsonUnmarshalerType) || t.Implements(textUnmarshalerType) ||
		reflect.PointerTo(t).Implements(jsonUnmarshalerType) || reflect.PointerTo(t).Implements(textUnmarshalerType)
}

// decode is the fast path; false means "not sure: use encoding/json".
//
// str is data as a string: the strings decoded are slices of it (one
// allocation for all of them).
func (p *decodePlan) decode(data []byte, str string, sv reflect.Value) bool {
	i, ok := p.object(data, str, skipWS(data, 0), sv)
	return ok && skipWS(data, i) == len(data)
}

// object decodes the object at data[i:] into the zero struct sv,
// returning the index after it.
func (p *decodePlan) object(data []byte, str string, i int, sv reflect.Value) (int, bool) {
	if i >= len(data) || data[i] != '{' {
		return i, false
	}
	i = skipWS(data, i+1)
	if i < len(data) && data[i] == '}' {
		return i + 1, true
	}
	for {
		// Key: a plain string (no escapes, no control characters).
		if i >= len(data) || data[i] != '"' {
			return i, false
		}
		end, plain := scanString(data, i)
		if end < 0 || !plain {
			return i, false
		}
		key := data[i+1 : end-1]
		f := p.fields[string(key)]
		if f == nil && p.foldMatch(key) {
			return i, false
		}
		i = skipWS(data, end)
		if i >= len(data) || data[i] != ':' {
			return i, false
		}
		i = skipWS(data, i+1)
		var fv reflect.Value
		if f != nil {
			fv = sv.Field(f.index)
		}
		var ok bool
		if i, ok = value(data, str, i, f, fv); !ok {
			return i, false
		}
		var more bool
		if i, more, ok = afterValue(data, i, '}'); !ok || !more {
			return i, ok
		}
	}
}

// foldMatch reports a key encoding/json would match to a field
// case-insensitively (or might: any non-ASCII key).
func (p *decodePlan) foldMatch(key []byte) bool {
	for _, c := range key {
		if c >= utf8.RuneSelf {
			return true
		}
	}
	for _, n := range p.names {
		if len(n) == len(key) && strings.EqualFold(n, string(key)) {
			return true
		}
	}
	return false
}

// value decodes the value at data[i:] into fv as f says (or, for an
// unknown key, f nil, checks and skips it), returning the index after it.
func value(data []byte, str string, i int, f *decField, fv reflect.Value) (int, bool) {
	if i >= len(data) {
		return i, false
	}
	var end int
	switch c := data[i]; {
	case c == '"':
		var plain bool
		if end, plain = scanString(data, i); end < 0 {
			return i, false
		}
		if f == nil {
			return end, plain || json.Valid(data[i:end])
		}
		if f.delegate || !plain {
			return end, delegate(data[i:end], fv)
		}
		if f.kind != reflect.String {
			return i, false // a type mismatch: encoding/json's error
		}
		target(fv, f).SetString(str[i+1 : end-1])
		return end, true
	case c == '-' || c >= '0' && c <= '9':
		if end = scanNumber(data, i); end < 0 {
			return i, false
		}
		if f == nil {
			return end, true
		}
		if f.delegate {
			return end, delegate(data[i:end], fv)
		}
		return end, setNumber(fv, f, data[i:end])
	case c == 't' || c == 'f':
		lit, b := "false", false
		if c == 't' {
			lit, b = "true", true
		}
		if !bytes.HasPrefix(data[i:], []byte(lit)) {
			return i, false
		}
		end = i + len(lit)
		if f == nil {
			return end, true
		}
		if f.delegate {
			return end, delegate(data[i:end], fv)
		}
		if f.kind != reflect.Bool {
			return i, false
		}
		target(fv, f).SetBool(b)
		return end, true
	case c == 'n':
		if !bytes.HasPrefix(data[i:], []byte("null")) {
			return i, false
		}
		end = i + 4
		if f == nil {
			return end, true
		}
		if f.delegate {
			return end, delegate(data[i:end], fv)
		}
		if f.ptr || f.slice {
			fv.SetZero() // null sets a pointer or slice to nil; a scalar or struct is left as is
		}
		return end, true
	case c == '{':
		if f == nil || f.delegate {
			if end = skipNested(data, i); end < 0 {
				return i, false
			}
			if f == nil {
				return end, json.Valid(data[i:end])
			}
			return end, delegate(data[i:end], fv)
		}
		if f.sub == nil {
			return i, false // an object into a scalar or slice: encoding/json's error
		}
		return f.sub.object(data, str, i, target(fv, f))
	case c == '[':
		if f == nil || f.delegate {
			if end = skipNested(data, i); end < 0 {
				return i, false
			}
			if f == nil {
				return end, json.Valid(data[i:end])
			}
			return end, delegate(data[i:end], fv)
		}
		if !f.slice || !fv.IsNil() {
			return i, false // a repeated key: encoding/json decodes into the elements it has
		}
		return array(data, str, i, f.elem, fv)
	}
	return i, false
}

// array decodes the array at data[i:] into the nil slice fv, as
// encoding/json does (an empty array is an empty, non-nil slice).
func array(data []byte, str string, i int, e *decField, fv reflect.Value) (int, bool) {
	i = skipWS(data, i+1)
	if i < len(data) && data[i] == ']' {
		fv.Set(reflect.MakeSlice(fv.Type(), 0, 0))
		return i + 1, true
	}
	for n := 0; ; n++ {
		if n >= fv.Cap() {
			fv.Grow(1)
		}
		fv.SetLen(n + 1)
		ev := fv.Index(n)
		ev.SetZero()
		var ok bool
		if i, ok = value(data, str, i, e, ev); !ok {
			return i, false
		}
		var more bool
		if i, more, ok = afterValue(data, i, ']'); !ok || !more {
			return i, ok
		}
	}
}

// target is the value to set: the field, or the scalar its pointer points
// to (allocated as encoding/json does when nil).
func target(fv reflect.Value, f *decField) reflect.Value {
	if !f.ptr {
		return fv
	}
	if fv.IsNil() {
		fv.Set(reflect.New(fv.Type().Elem()))
	}
	return fv.Elem()
}

// delegate decodes one value with encoding/json into the field.
func delegate(val []byte, fv reflect.Value) bool {
	return json.Unmarshal(val, fv.Addr().Interface()) == nil
}

// setNumber sets a number as encoding/json's literalStore does.
func setNumber(fv reflect.Value, f *decField, num []byte) bool {
	s := string(num) // no allocation: converted for the parse only
	switch f.kind {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return false
		}
		v := target(fv, f)
		if v.OverflowInt(n) {
			return false
		}
		v.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return false
		}
		v := target(fv, f)
		if v.OverflowUint(n) {
			return false
		}
		v.SetUint(n)
	case reflect.Float32, reflect.Float64:
		n, err := strconv.ParseFloat(s, f.bits)
		if err != nil {
			return false
		}
		v := target(fv, f)
		if v.OverflowFloat(n) {
			return false
		}
		v.SetFloat(n)
	default:
		return false
	}
	return true
}

func skipWS(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// scanString finds the end (index after the closing quote) of the string
// starting at data[i] == '"'; plain says it needs no decoding (no escape,
// no control character, valid UTF-8). -1 when it does not end.
func scanString(data []byte, i int) (end int, plain bool) {
	plain = true
	ascii := true
	for j := i + 1; j < len(data); j++ {
		switch c := data[j]; {
		case c == '"':
			if !ascii && !utf8.Valid(data[i+1:j]) {
				plain = false
			}
			return j + 1, plain
		case c == '\\':
			plain = false
			j++ // the escaped character (validated by encoding/json)
		case c < 0x20:
			plain = false
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return -1, false
}

// scanNumber checks JSON's number grammar from data[i], returning the end
// or -1.
func scanNumber(data []byte, i int) int {
	digits := func(j int) int {
		k := j
		for k < len(data) && data[k] >= '0' && data[k] <= '9' {
			k++
		}
		if k == j {
			return -1
		}
		return k
	}
	if data[i] == '-' {
		i++
	}
	if i >= len(data) {
		return -1
	}
	if data[i] == '0' {
		i++
	} else if i = digits(i); i < 0 {
		return -1
	}
	if i < len(data) && data[i] == '.' {
		if i = digits(i + 1); i < 0 {
			return -1
		}
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if i = digits(i); i < 0 {
			return -1
		}
	}
	return i
}

// skipNested finds the end of the object or array at data[i] (by
// bracket depth, strings skipped; validated afterwards by encoding/json),
// or -1.
func skipNested(data []byte, i int) int {
	depth := 0
	for j := i; j < len(data); j++ {
		switch data[j] {
		case '"':
			end, _ := scanString(data, j)
			if end < 0 {
				return -1
			}
			j = end - 1
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return j + 1
			}
		}
	}
	return -1
}

// afterValue reads what follows a value inside an object or array (close
// is '}' or ']'): a comma, with more to come (i at the next token), or the
// close (i past it); ok is false for anything else.
func afterValue(data []byte, i int, close byte) (j int, more, ok bool) {
	i = skipWS(data, i)
	if i >= len(data) {
		return i, false, false
	}
	switch data[i] {
	case ',':
		return skipWS(data, i+1), true, true
	case close:
		return i + 1, false, true
	}
	return i, false, false
}
