// Command keyctl administers organisations, API keys, public keys and plans
// in the Redis store the API reads (REDIS_URL, RATELIMIT_NAMESPACE).
//
//	keyctl org create -name NAME [-anchor-day D]
//	keyctl org list
//	keyctl key create -org ORG -plan PLAN [-name NAME]
//	keyctl key list -org ORG
//	keyctl key revoke -id KEY
//	keyctl key rotate -id KEY
//	keyctl key plan -id KEY -plan PLAN
//	keyctl key limits -id KEY [-quota N] [-rate N]
//	keyctl public create -org ORG -plan PLAN -tools a,b -origins https://x.example,y.example [-name NAME]
//	keyctl public cap -id KEY -daily-tokens N
//	keyctl tokens public -org ORG -allow on|off
//	keyctl usage -org ORG
//	keyctl tokens add -org ORG -amount N -reason TEXT [-kind top_up|adjustment] [-by WHO]
//	keyctl tokens balance -org ORG
//	keyctl tokens ledger -org ORG [-limit N]
//	keyctl key generate [-public]
//	keyctl migrate counters
//	keyctl migrate layout
//
// A new key is printed once, on its own line, and never stored: only its
// SHA-256 is.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"os/user"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/ukpd/propertyapi/alerts"
	"github.com/ukpd/propertyapi/api/embedtool"
	"github.com/ukpd/propertyapi/internal/svcenv"
	"github.com/ukpd/propertyapi/ratelimit"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "keyctl:", err)
		os.Exit(1)
	}
}

const usageText = `usage:
  keyctl org create -name NAME [-anchor-day D]
  keyctl org list
  keyctl key create -org ORG -plan PLAN [-name NAME]
  keyctl key list -org ORG
  keyctl key revoke -id KEY
  keyctl key rotate -id KEY
  keyctl key plan -id KEY -plan PLAN
  keyctl key limits -id KEY [-quota N] [-rate N]   (0 = plan default, -1 = unlimited)
  keyctl public create -org ORG -plan PLAN -tools SLUG,... -origins ORIGIN,... [-name NAME]
  keyctl public cap -id KEY -daily-tokens N   (tokens the public key may spend a UTC day; 0 = none)
  keyctl tokens public -org ORG -allow on|off (public keys may spend the organisation's tokens,
                                   each up to its daily cap; off by default)
  keyctl usage -org ORG            (per meter; requests, calls and tokens by day and endpoint, this and last period)
  keyctl tokens add -org ORG -amount N -reason TEXT [-kind top_up|adjustment] [-by WHO]
                                   (100 tokens = 1 GBP; a negative amount debits; -by defaults to $USER@host)
  keyctl tokens balance -org ORG
  keyctl tokens ledger -org ORG [-limit N]
  keyctl key generate [-public]   (prints a key stored nowhere, for DEV_API_KEY of a server without Redis)
  keyctl migrate counters          (once after upgrading: moves period counters under {org:<id>} hash tags)
  keyctl migrate layout            (once after upgrading: moves organisations, keys and alerts under the
                                   {dir}, {org:<id>} and {alerts} hash tags; single Redis/Sentinel only)
  keyctl COMMAND -h               (that command's flags)
environment: REDIS_URL (default redis://127.0.0.1:6379), RATELIMIT_NAMESPACE (default "ukpd:")`

func run(ctx context.Context, args []string, getenv func(string) string, out io.Writer) error {
	if len(args) == 0 || isHelp(args[0]) {
		fmt.Fprintln(out, usageText)
		return nil
	}
	if len(args) >= 2 && args[0] == "key" && args[1] == "generate" {
		// A well-formed key that is stored nowhere: for DEV_API_KEY.
		kind := ratelimit.KindSecret
		if len(args) >= 3 && isHelp(args[2]) {
			fmt.Fprintln(out, "usage: keyctl key generate [-public]\n  prints a well-formed key stored nowhere (for DEV_API_KEY of a server with REDIS_URL=memory); -public makes a public key")
			return nil
		}
		if len(args) >= 3 && args[2] == "-public" {
			kind = ratelimit.KindPublic
		}
		secret, _, err := ratelimit.NewKey(kind)
		if err != nil {
			return err
		}
		fmt.Fprintln(out, secret)
		return nil
	}
	var table *parsed
	if !(len(args) >= 2 && args[0] == "migrate") {
		// Parse and check the command before reaching Redis: -h and a
		// mistyped flag need no server.
		p, err := parseCommand(args, out)
		if err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil
			}
			return err
		}
		table = p
	} else if len(args) >= 3 && isHelp(args[2]) {
		fmt.Fprintln(out, usageText)
		return nil
	}
	url, _ := svcenv.RedisURL(getenv)
	if url == "" {
		return errors.New("REDIS_URL=memory: keyctl works on the Redis store the API servers share; set REDIS_URL to it")
	}
	ns := getenv("RATELIMIT_NAMESPACE")
	if ns == "" {
		ns = "ukpd:"
	}
	conn, err := ratelimit.OpenRedis(url, 2*time.Second)
	if err != nil {
		return err
	}
	defer conn.Close()
	store := conn.Store(ns)
	if len(args) >= 2 && args[0] == "migrate" && args[1] == "counters" {
		n, err := store.MigrateCounters(ctx)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "%d period counters moved under their organisation's hash tag\n", n)
		return nil
	}
	if len(args) >= 2 && args[0] == "migrate" && args[1] == "layout" {
		n, left, err := store.MigrateLayout(ctx, [2]string{alerts.LegacyPrefix, alerts.KeyTag})
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "%d keys moved to the cluster-ready layout ({dir}, {org:<id>}, {alerts} hash tags)\n", n)
		for _, k := range left {
			fmt.Fprintf(out, "left in place (already present under its new name): %s\n", k)
		}
		return nil
	}
	if table == nil {
		return fmt.Errorf("unknown command %q\n%s", strings.Join(args, " "), usageText)
	}
	svc := ratelimit.New(store, ratelimit.Options{CacheTTL: -1})
	return table.exec(ctx, svc, out)
}

// opts holds the flags of every command: one flag set, each command reads
// the flags it needs.
type opts struct {
	name, org, plan, id, tools, origins, reason, kind, by, allow string
	anchor, quota, rate, limit                                   int
	amount, dailyTokens                                          int64
}

func (o *opts) flags(fs *flag.FlagSet) {
	fs.StringVar(&o.name, "name", "", "name")
	fs.IntVar(&o.anchor, "anchor-day", 0, "billing anchor day 1..28 (0: calendar month)")
	fs.StringVar(&o.org, "org", "", "organisation id or name")
	fs.StringVar(&o.plan, "plan", "", "plan: "+strings.Join(ratelimit.PlanNames(), ", "))
	fs.StringVar(&o.id, "id", "", "key id")
	fs.IntVar(&o.quota, "quota", 0, "monthly quota override (0 plan default, -1 unlimited)")
	fs.IntVar(&o.rate, "rate", 0, "per-second override (0 plan default, -1 unlimited)")
	fs.StringVar(&o.tools, "tools", "", "comma-separated tool slugs: "+strings.Join(embedtool.Names(), ", "))
	fs.StringVar(&o.origins, "origins", "", "comma-separated origins (https://app.example.com) or hosts (example.com, *.example.com)")
	fs.Int64Var(&o.amount, "amount", 0, "tokens to add (negative: debit)")
	fs.StringVar(&o.reason, "reason", "", "why (recorded in the ledger)")
	fs.StringVar(&o.kind, "kind", "", "ledger entry kind: top_up or adjustment (default: top_up for a credit, adjustment for a debit)")
	fs.StringVar(&o.by, "by", defaultActor(), "who makes the change (recorded in the ledger)")
	fs.StringVar(&o.allow, "allow", "", "on or off")
	fs.Int64Var(&o.dailyTokens, "daily-tokens", 0, "tokens a public key may spend a UTC day (0: none)")
	fs.IntVar(&o.limit, "limit", 0, "entries to show, oldest first (0: all)")
}

// command is one keyctl command: the flags it cannot do without (in the
// order they are asked for), the optional flags it also takes, and what
// it does. Its flag set has these flags alone, so -h lists them and any
// other flag is refused.
type command struct {
	need, optional []string
	run            func(ctx context.Context, svc *ratelimit.Service, cmd string, o opts, out io.Writer) error
}

// commands is the command table (keyctl migrate and key generate run
// before or without the service, in run).
func commands() map[string]command {
	return map[string]command{
		"org create":     {nil, []string{"name", "anchor-day"}, orgCreate},
		"org list":       {nil, nil, orgList},
		"key create":     {[]string{"org", "plan"}, []string{"name"}, keyCreate},
		"public create":  {[]string{"org", "plan"}, []string{"tools", "origins", "name"}, keyCreate},
		"key list":       {[]string{"org"}, nil, keyList},
		"key revoke":     {[]string{"id"}, nil, keyRevoke},
		"key rotate":     {[]string{"id"}, nil, keyRotate},
		"key plan":       {[]string{"id", "plan"}, nil, keyPlan},
		"key limits":     {[]string{"id"}, []string{"quota", "rate"}, keyLimits},
		"tokens add":     {[]string{"org"}, []string{"amount", "reason", "kind", "by"}, tokensAdd},
		"tokens balance": {[]string{"org"}, nil, tokensBalance},
		"tokens ledger":  {[]string{"org"}, []string{"limit"}, tokensLedger},
		"tokens public":  {[]string{"org", "allow"}, nil, tokensPublic},
		"public cap":     {[]string{"id"}, []string{"daily-tokens"}, publicCap},
		"usage":          {[]string{"org"}, nil, usage},
	}
}

func isHelp(arg string) bool {
	switch arg {
	case "-h", "-help", "--help", "help":
		return true
	}
	return false
}

// parsed is a command of the table with its flags read.
type parsed struct {
	name string
	cmd  command
	o    opts
}

// parseCommand finds the command of args and reads the flags that command
// takes; "CMD -h" prints that command's usage and flags alone and returns
// flag.ErrHelp.
func parseCommand(args []string, out io.Writer) (*parsed, error) {
	name := args[0]
	if len(args) > 1 && !strings.HasPrefix(args[1], "-") {
		name += " " + args[1]
		args = args[2:]
	} else {
		args = args[1:]
	}
	c, ok := commands()[name]
	if !ok {
		return nil, fmt.Errorf("unknown command %q\n%s", name, usageText)
	}
	p := &parsed{name: name, cmd: c}
	all := flag.NewFlagSet("all", flag.ContinueOnError)
	p.o.flags(all)
	fs := flag.NewFlagSet("keyctl "+name, flag.ContinueOnError)
	fs.SetOutput(out)
	for _, f := range append(slices.Clone(c.need), c.optional...) {
		def := all.Lookup(f)
		fs.Var(def.Value, def.Name, def.Usage)
	}
	fs.Usage = func() {
		fmt.Fprintf(out, "usage: keyctl %s", name)
		for _, f := range c.need {
			fmt.Fprintf(out, " -%s %s", f, strings.ToUpper(strings.ReplaceAll(f, "-", "_")))
		}
		if len(c.optional) > 0 {
			fmt.Fprint(out, " [flags]")
		}
		fmt.Fprintln(out)
		fs.PrintDefaults()
		fmt.Fprintln(out, "environment: REDIS_URL (default "+svcenv.DefaultRedisURL+"), RATELIMIT_NAMESPACE (default \"ukpd:\")")
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("%s: unexpected argument %q (keyctl %s -h)", name, fs.Arg(0), name)
	}
	for _, f := range c.need {
		if fs.Lookup(f).Value.String() == "" {
			return nil, fmt.Errorf("%s: -%s is required (keyctl %s -h)", name, f, name)
		}
	}
	return p, nil
}

// exec runs the command against the store.
func (p *parsed) exec(ctx context.Context, svc *ratelimit.Service, out io.Writer) error {
	o := p.o
	if o.org != "" {
		resolved, err := resolveOrg(ctx, svc, o.org)
		if err != nil {
			return err
		}
		o.org = resolved
	}
	return p.cmd.run(ctx, svc, p.name, o, out)
}

func orgCreate(ctx context.Context, svc *ratelimit.Service, _ string, o opts, out io.Writer) error {
	if o.name != "" {
		if id, err := resolveOrg(ctx, svc, o.name); err == nil {
			return fmt.Errorf("org create: an organisation named %q already exists (%s)", o.name, id)
		}
	}
	org, err := svc.CreateOrg(ctx, o.name, o.anchor)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "organisation %s created (%s)\n", org.ID, org.Name)
	return nil
}

func orgList(ctx context.Context, svc *ratelimit.Service, _ string, _ opts, out io.Writer) error {
	orgs, err := svc.Store().Orgs(ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tNAME\tANCHOR DAY\tCREATED")
	for _, org := range orgs {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\n", org.ID, org.Name, org.AnchorDay, org.Created.Format(time.RFC3339))
	}
	return tw.Flush()
}

// keyCreate creates a server key ("key create") or a public key ("public
// create", with its tools and origins).
func keyCreate(ctx context.Context, svc *ratelimit.Service, cmd string, o opts, out io.Writer) error {
	spec := ratelimit.KeySpec{OrgID: o.org, Plan: o.plan, Name: o.name}
	if cmd == "public create" {
		spec.Kind = ratelimit.KindPublic
		spec.Tools, spec.Origins = splitList(o.tools), splitList(o.origins)
		for _, t := range spec.Tools {
			if !slices.Contains(embedtool.Names(), t) {
				return fmt.Errorf("unknown tool %q (want %s)", t, strings.Join(embedtool.Names(), ", "))
			}
		}
	}
	k, secret, err := svc.CreateKey(ctx, spec)
	if err != nil {
		return err
	}
	printNewKey(out, k, secret)
	return nil
}

func keyList(ctx context.Context, svc *ratelimit.Service, _ string, o opts, out io.Writer) error {
	keys, err := svc.ListKeys(ctx, o.org)
	if err != nil {
		return err
	}
	return printKeys(out, keys)
}

func keyRevoke(ctx context.Context, svc *ratelimit.Service, _ string, o opts, out io.Writer) error {
	k, err := svc.RevokeKey(ctx, o.id)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "key %s (%s…) revoked at %s\n", k.ID, k.Prefix, k.Revoked.Format(time.RFC3339))
	return nil
}

func keyRotate(ctx context.Context, svc *ratelimit.Service, _ string, o opts, out io.Writer) error {
	k, secret, err := svc.RotateKey(ctx, o.id)
	if err != nil {
		return err
	}
	printNewKey(out, k, secret)
	fmt.Fprintf(out, "the old key %s keeps working until you run: keyctl key revoke -id %s\n", o.id, o.id)
	return nil
}

func keyPlan(ctx context.Context, svc *ratelimit.Service, _ string, o opts, out io.Writer) error {
	keys, err := svc.SetPlan(ctx, o.id, o.plan)
	if err != nil {
		return err
	}
	return printKeys(out, keys)
}

func keyLimits(ctx context.Context, svc *ratelimit.Service, _ string, o opts, out io.Writer) error {
	keys, err := svc.SetOverrides(ctx, o.id, o.quota, o.rate)
	if err != nil {
		return err
	}
	return printKeys(out, keys)
}

func tokensPublic(ctx context.Context, svc *ratelimit.Service, _ string, o opts, out io.Writer) error {
	var on bool
	switch strings.ToLower(o.allow) {
	case "on", "true", "yes":
		on = true
	case "off", "false", "no":
	default:
		return fmt.Errorf("-allow %q: want on or off", o.allow)
	}
	org, err := svc.SetPublicKeyTokens(ctx, o.org, on)
	if err != nil {
		return err
	}
	if on {
		fmt.Fprintf(out, "%s: public keys may spend tokens, each up to its daily cap (keyctl public cap)\n", org.ID)
	} else {
		fmt.Fprintf(out, "%s: public keys spend no tokens\n", org.ID)
	}
	return nil
}

func publicCap(ctx context.Context, svc *ratelimit.Service, _ string, o opts, out io.Writer) error {
	keys, err := svc.SetDailyTokenCap(ctx, o.id, o.dailyTokens)
	if err != nil {
		return err
	}
	for _, k := range keys {
		fmt.Fprintf(out, "%s: daily token cap %d\n", k.Prefix, k.DailyTokenCap)
	}
	return nil
}

func tokensAdd(ctx context.Context, svc *ratelimit.Service, _ string, o opts, out io.Writer) error {
	e, err := svc.AddTokens(ctx, o.org, o.kind, o.amount, "keyctl:"+o.by, o.reason)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%s of %+d tokens for %s by %s: balance %d tokens (%s GBP); ledger entry %s\n",
		e.Kind, e.Amount, o.org, e.Actor, e.Balance, gbp(e.Balance), e.ID)
	return nil
}

func tokensBalance(ctx context.Context, svc *ratelimit.Service, _ string, o opts, out io.Writer) error {
	bal, _, err := svc.TokenBalance(ctx, o.org)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%s: %d tokens (%s GBP)\n", o.org, bal, gbp(bal))
	return nil
}

func tokensLedger(ctx context.Context, svc *ratelimit.Service, _ string, o opts, out io.Writer) error {
	entries, err := svc.TokenLedger(ctx, o.org, o.limit)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tTIME\tKIND\tAMOUNT\tBALANCE\tWHO\tWHY")
	for _, e := range entries {
		why := e.Reason
		if why == "" && e.Route != "" {
			why = e.Route + " (request " + e.RequestID + ")"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%+d\t%d\t%s\t%s\n", e.ID, e.Time.Format(time.RFC3339Nano), e.Kind, e.Amount, e.Balance, e.Actor, why)
	}
	return tw.Flush()
}

// usage prints the organisation's meters, its token balance and the
// current and previous periods by day and endpoint.
func usage(ctx context.Context, svc *ratelimit.Service, _ string, o opts, out io.Writer) error {
	us, err := svc.Usage(ctx, o.org)
	if err != nil {
		return err
	}
	if err := printMeters(out, us); err != nil {
		return err
	}
	au, err := svc.AccountUsage(ctx, o.org)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "\ntoken balance: %d tokens (%s GBP)\n", au.TokenBalance, gbp(au.TokenBalance))
	if err := printPeriod(out, "current period", au.Current); err != nil {
		return err
	}
	return printPeriod(out, "previous period", au.Previous)
}

func printMeters(out io.Writer, us []ratelimit.MeterUsage) error {
	tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "METER\tKEYS\tPLAN\tUSED\tQUOTA\tPERIOD")
	total := 0
	for _, u := range us {
		var ids []string
		for _, k := range u.Keys {
			ids = append(ids, k.Prefix+"…")
		}
		q := "unlimited"
		if u.Quota != ratelimit.Unlimited {
			q = fmt.Sprint(u.Quota)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%s to %s\n", u.Meter, strings.Join(ids, ","), u.Plan, u.Used, q,
			u.Period.Start.Format("2006-01-02"), u.Period.End.Format("2006-01-02"))
		total += u.Used
	}
	fmt.Fprintf(tw, "TOTAL\t\t\t%d\t\t\n", total)
	return tw.Flush()
}

func printPeriod(out io.Writer, name string, up ratelimit.UsagePeriod) error {
	fmt.Fprintf(out, "\n%s %s to %s: %d requests, %d plan calls, %d tokens\n", name,
		up.Start.Format("2006-01-02"), up.End.Format("2006-01-02"), up.Requests, up.Calls, up.Tokens)
	if len(up.Rows) == 0 {
		return nil
	}
	tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "DAY\tENDPOINT\tREQUESTS\tCALLS\tTOKENS")
	for _, r := range up.Rows {
		day := r.Day
		if t, err := time.Parse("20060102", day); err == nil {
			day = t.Format(time.DateOnly)
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\n", day, r.Endpoint, r.Requests, r.Calls, r.Tokens)
	}
	return tw.Flush()
}

// gbp formats a token amount in pounds (100 tokens = 1 GBP), exactly.
func gbp(tokens int64) string {
	sign := ""
	if tokens < 0 {
		sign, tokens = "-", -tokens
	}
	return fmt.Sprintf("%s%d.%02d", sign, tokens/ratelimit.TokensPerGBP, tokens%ratelimit.TokensPerGBP)
}

// defaultActor is the operator recorded in the ledger: $USER@host.
func defaultActor() string {
	u := os.Getenv("USER")
	if u == "" {
		if cu, err := user.Current(); err == nil && cu.Username != "" {
			u = cu.Username
		} else {
			u = "unknown"
		}
	}
	h, _ := os.Hostname()
	if h == "" {
		return u
	}
	return u + "@" + h
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func printNewKey(out io.Writer, k ratelimit.Key, secret string) {
	fmt.Fprintf(out, "%s key %s created for %s on plan %s (meter %s)\n", k.Kind, k.ID, k.OrgID, k.Plan, k.Meter)
	if k.Kind == ratelimit.KindPublic {
		fmt.Fprintf(out, "tools: %s; origins: %s\n", strings.Join(k.Tools, ","), strings.Join(k.Origins, ","))
	}
	fmt.Fprintln(out, "the key is shown once; store it now:")
	fmt.Fprintln(out, secret)
}

func printKeys(out io.Writer, keys []ratelimit.Key) error {
	tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tPREFIX\tKIND\tPLAN\tMETER\tNAME\tCREATED\tREVOKED\tSCOPE")
	for _, k := range keys {
		rev := "-"
		if !k.Active() {
			rev = k.Revoked.Format(time.RFC3339)
		}
		scope := ""
		if k.Kind == ratelimit.KindPublic {
			scope = strings.Join(k.Tools, ",") + " @ " + strings.Join(k.Origins, ",")
		}
		if k.QuotaOverride != 0 || k.RateOverride != 0 {
			scope += fmt.Sprintf(" overrides quota=%d rate=%d", k.QuotaOverride, k.RateOverride)
		}
		fmt.Fprintf(tw, "%s\t%s…\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", k.ID, k.Prefix, k.Kind, k.Plan, k.Meter, k.Name,
			k.Created.Format(time.RFC3339), rev, scope)
	}
	return tw.Flush()
}

// resolveOrg accepts an organisation id or the name it was created with
// (which must then be unambiguous).
func resolveOrg(ctx context.Context, svc *ratelimit.Service, v string) (string, error) {
	orgs, err := svc.Store().Orgs(ctx)
	if err != nil {
		return "", err
	}
	var byName []string
	for _, o := range orgs {
		if o.ID == v {
			return v, nil
		}
		if o.Name == v {
			byName = append(byName, o.ID)
		}
	}
	switch len(byName) {
	case 0:
		return "", fmt.Errorf("no organisation with id or name %q (see keyctl org list)", v)
	case 1:
		return byName[0], nil
	}
	return "", fmt.Errorf("several organisations are named %q (%s): use the id", v, strings.Join(byName, ", "))
}

// dispatch parses args and runs the command against svc.
func dispatch(ctx context.Context, svc *ratelimit.Service, args []string, out io.Writer) error {
	p, err := parseCommand(args, out)
	if err != nil {
		return err
	}
	return p.exec(ctx, svc, out)
}
