package fieldmap

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

type decInner struct {
	Name string  `json:"name"`
	N    int     `json:"n,omitempty"`
	F    float64 `json:"f"`
}

type decNamed string

type decDoc struct {
	S     string          `json:"s"`
	I     int             `json:"i,omitempty"`
	I8    int8            `json:"i8"`
	I64   int64           `json:"i64"`
	U     uint16          `json:"u"`
	F     float64         `json:"f"`
	F32   float32         `json:"f32"`
	B     bool            `json:"b"`
	PI    *int            `json:"pi,omitempty"`
	PS    *string         `json:"ps"`
	Named decNamed        `json:"named"`
	Inner decInner        `json:"inner"`
	PIn   *decInner       `json:"pin,omitempty"`
	List  []decInner      `json:"list,omitempty"`
	Strs  []string        `json:"strs"`
	Nums  []float64       `json:"nums"`
	Bytes []byte          `json:"bytes"`
	Any   any             `json:"any"`
	Map   map[string]int  `json:"map"`
	Time  time.Time       `json:"time"`
	Raw   json.RawMessage `json:"raw"`
	PP    **int           `json:"pp"`
	Arr   [2]int          `json:"arr"`
	NoTag string          //
	Skip  string          `json:"-"`
	//lint:ignore SA5008 a field named "-" is one of the edge cases matched against encoding/json
	Dash string            `json:"-,"`
	MapS map[string]string `json:"maps,omitempty"`
	Evs  []decEvent        `json:"evs"`
	//lint:ignore U1000 an unexported field is one of the edge cases (never set by decoding)
	priv string
}

// decEvent has a field with its own MarshalJSON: encoded by encoding/json.
type decEvent struct {
	At time.Time `json:"at"`
	N  int       `json:"n,omitempty"`
}

// decodeCases are documents for TestUnmarshalMatchesJSON and the fuzz
// seeds: well-formed, malformed and the edge cases of encoding/json.
var decodeCases = []string{
	`{}`, ` { } `, `{"s":"x"}`, "{\n\"s\" : \"x\" ,\t\"i\":1}\n",
	`{"s":"a\"b\\c\u00e9\ud83c\udfe0","named":"n\/m"}`, `{"s":"é £ 🏠"}`, "{\"s\":\"a\xffb\"}", "{\"s\":\"a\x01\"}",
	`{"i":-0,"i8":127,"i64":9223372036854775807,"u":65535,"f":1.5e300,"f32":0.1,"b":true}`,
	`{"i8":128}`, `{"u":-1}`, `{"i":1.0}`, `{"i":1e3}`, `{"i":01}`, `{"i":+1}`, `{"i":-}`, `{"i":.5}`, `{"i":1.}`, `{"f":1e}`,
	`{"f32":1e39}`, `{"f":1e400}`, `{"i64":9223372036854775808}`, `{"f":-0.0,"f32":-1.5E-3}`,
	`{"s":1}`, `{"i":"1"}`, `{"b":"true"}`, `{"b":1}`, `{"s":true}`, `{"s":null,"i":null,"pi":null,"inner":null,"list":null}`,
	`{"pi":3,"ps":"p","pp":5}`, `{"pi":null,"ps":null,"pp":null}`,
	`{"inner":{"name":"a","n":2,"f":0.5}}`, `{"inner":{"name":"a","zz":[1,{"x":2}]}}`, `{"inner":{"NAME":"a"}}`, `{"inner":[]}`, `{"inner":"x"}`,
	`{"pin":{"name":"p"}}`, `{"pin":{}}`, `{"pin":null}`, `{"list":[]}`, `{"list":[{"name":"a"},{"name":"b","n":1}]}`, `{"list":[{"name":"a"},]}`,
	`{"list":[1]}`, `{"list":{}}`, `{"strs":["a","b\n"],"nums":[1,2.5,-3e2]}`, `{"strs":[1]}`, `{"strs":[null,"x"]}`, `{"nums":[]}`,
	`{"bytes":"aGVsbG8="}`, `{"bytes":"!!"}`, `{"any":{"a":[1,"x",null]}}`, `{"map":{"a":1}}`, `{"time":"2026-11-24T12:00:00Z"}`, `{"time":"bad"}`,
	`{"raw":{"x" : [1, 2]}}`, `{"arr":[1,2,3]}`, `{"NoTag":"nt","Skip":"no","-":"dash","priv":"p"}`, `{"notag":"folded"}`,
	`{"S":"folded"}`, `{"ſ":"x"}`, `{"unknown":"x","u2":[1,{"a":"b"}],"u3":{"x":null},"u4":1.5,"u5":true,"u6":null}`,
	`{"unknown":"\u00zz"}`, `{"unknown":[1,}`, `{"s":"a","s":"b"}`, `{"list":[{"name":"a"}],"list":[{"n":1}]}`,
	`{"inner":{"name":"a","f":1},"inner":{"n":1}}`, `{"pin":{"name":"a"},"pin":{"n":1}}`, `{"strs":["a","b"],"strs":["c"]}`,
	`{"s\u0041":"x"}`, `{"maps":{"k":"v"}}`, `{"pi":1.5}`, `{"pi":"1"}`,
	``, ` `, `[]`, `null`, `"x"`, `{`, `{"s"}`, `{"s":}`, `{"s":"x",}`, `{"s":"x"} x`, `{"s":"x"}}`, `{s:"x"}`, `{"s":"x" "i":1}`,
	`{"b":tru}`, `{"b":nul}`, `{"s":"x`, `{"inner":{"name":"a"}`, `{"list":[{"name":"a"}`, "\ufeff{}", `{"f":NaN}`,
}

// TestUnmarshalMatchesJSON: Unmarshal leaves the same value and the same
// error (or none) as json.Unmarshal, for every case.
func TestUnmarshalMatchesJSON(t *testing.T) {
	for _, c := range decodeCases {
		checkSameDecode(t, []byte(c))
	}
}

func checkSameDecode(t *testing.T, data []byte) {
	t.Helper()
	var want, got decDoc
	werr := json.Unmarshal(data, &want)
	gerr := Unmarshal(data, &got)
	if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
		t.Errorf("%q: error %v, encoding/json %v", data, gerr, werr)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%q:\n got %#v\nwant %#v", data, got, want)
	}
}

// TestUnmarshalFastPath: the documents records are made of take the fast
// path (no second decode by encoding/json), and a non-zero target or a
// non-struct goes to encoding/json.
func TestUnmarshalFastPath(t *testing.T) {
	p := decodePlanOf(reflect.TypeFor[decDoc]())
	if p == nil {
		t.Fatal("no plan")
	}
	for _, c := range []string{`{"s":"x","i":1,"f":2.5,"b":true,"pi":3,"inner":{"name":"a"},"pin":{"f":1},"list":[{"n":1}],"strs":["a"],"unknown":{"a":1}}`,
		`{"s":"é","any":1,"map":{"a":1},"time":"2026-11-24T12:00:00Z","bytes":"aGk="}`} {
		var d decDoc
		if !p.decode([]byte(c), c, reflect.ValueOf(&d).Elem()) {
			t.Errorf("%s: not decoded by the fast path", c)
		}
	}
	d := decDoc{S: "old", I: 5}
	if err := Unmarshal([]byte(`{"i":7}`), &d); err != nil || d.S != "old" || d.I != 7 {
		t.Errorf("non-zero target: %+v %v", d, err)
	}
	var m map[string]any
	if err := Unmarshal([]byte(`{"a":1}`), &m); err != nil || m["a"] != 1.0 {
		t.Errorf("map: %v %v", m, err)
	}
	type embedded struct{ decInner }
	if decodePlanOf(reflect.TypeFor[embedded]()) != nil {
		t.Error("a struct with embedded fields has a plan")
	}
	type withString struct {
		N int `json:"n,string"`
	}
	if decodePlanOf(reflect.TypeFor[withString]()) != nil {
		t.Error("a struct with a ,string field has a plan")
	}
}

// FuzzUnmarshal: whatever the input, Unmarshal agrees with encoding/json.
func FuzzUnmarshal(f *testing.F) {
	for _, c := range decodeCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkSameDecode(t, data)
	})
}
