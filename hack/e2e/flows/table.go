package flows

// Table returns the flows of spec/conventions.md §5.3 that apply to any
// non-graceful namespaced resource (graceful deletion, D35-D43, needs Pods).
// Each Want is the answer the spec records for a real kube-apiserver 1.37.2.
func Table() []Flow {
	const fin = `{"metadata":{"finalizers":["example.com/x"]}}`
	return []Flow{
		{ID: "D1", Steps: []Step{
			{Create(""), Created()},
			{Delete(""), Deleted()},
			{Get(), NotFound()},
		}, Watch: []string{"ADDED", "DELETED"}},

		// The whole life of an object with a finalizer.
		{ID: "D2+D5+D8+D10+D6+D14", Steps: []Step{
			{Create(fin), Created("example.com/x")},
			{Delete(""), MarkedDeleting(200, "example.com/x")},                                                       // D2
			{Delete(""), Terminating(false, "example.com/x")},                                                        // D5: a no-op
			{Patch(`{"metadata":{"finalizers":["example.com/x","example.com/new"]}}`), noNewFinalizers},              // D8
			{Patch(`{"metadata":{"deletionTimestamp":null}}`), Terminating(false, "example.com/x")},                  // D10
			{Delete(`{"propagationPolicy":"Foreground"}`), Terminating(true, "example.com/x", "foregroundDeletion")}, // D6
			{Patch(`{"metadata":{"finalizers":null}}`), Terminating(false)},                                          // D14: old RV
			{Get(), NotFound()},
		}, Watch: []string{
			"ADDED [example.com/x]",
			"MODIFIED deleting [example.com/x]",
			"MODIFIED deleting [example.com/x foregroundDeletion]",
			// The DELETED event carries the last persisted state (§3.8).
			"DELETED deleting [example.com/x foregroundDeletion]",
		}},

		{ID: "D3", Steps: []Step{
			{Create(fin), Created("example.com/x")},
			{Delete(`{"gracePeriodSeconds":30}`), MarkedDeleting(200, "example.com/x")},
			{Put(`{"metadata":{"finalizers":[]}}`), Terminating(false)},
			{Get(), NotFound()},
		}, Watch: []string{"ADDED [example.com/x]", "MODIFIED deleting [example.com/x]", "DELETED deleting [example.com/x]"}},

		{ID: "D17", Steps: []Step{
			{Create(""), Created()},
			{Delete(`{"propagationPolicy":"Foreground"}`), MarkedDeleting(200, "foregroundDeletion")},
			{Patch(`{"metadata":{"finalizers":null}}`), Terminating(false)},
			{Get(), NotFound()},
		}, Watch: []string{"ADDED", "MODIFIED deleting [foregroundDeletion]", "DELETED deleting [foregroundDeletion]"}},

		{ID: "D18", Steps: []Step{
			{Create(fin), Created("example.com/x")},
			{Delete(`{"orphanDependents":false}`), MarkedDeleting(202, "example.com/x")},
		}, Watch: []string{"ADDED [example.com/x]", "MODIFIED deleting [example.com/x]"}},

		{ID: "D19", Steps: []Step{
			{Create(""), Created()},
			{Delete(`{"orphanDependents":false}`), Deleted()},
		}, Watch: []string{"ADDED", "DELETED"}},

		{ID: "D20", Steps: []Step{
			{Create(""), Created()},
			{DeleteQuery("propagationPolicy=Orphan"), MarkedDeleting(200, "orphan")},
		}, Watch: []string{"ADDED", "MODIFIED deleting [orphan]"}},

		{ID: "D22", Steps: []Step{
			{Create(`{"metadata":{"finalizers":["orphan"]}}`), Created("orphan")},
			{Delete(""), MarkedDeleting(200, "orphan")},
		}, Watch: []string{"ADDED [orphan]", "MODIFIED deleting [orphan]"}},

		{ID: "D23", Steps: []Step{
			{Create(`{"metadata":{"finalizers":["orphan"]}}`), Created("orphan")},
			{Delete(`{"propagationPolicy":"Background"}`), Deleted()},
			{Get(), NotFound()},
		}, Watch: []string{"ADDED [orphan]", "DELETED [orphan]"}},

		{ID: "D24", Steps: []Step{
			{Create(`{"metadata":{"finalizers":["foregroundDeletion"]}}`), Created("foregroundDeletion")},
			{Delete(`{"propagationPolicy":"Orphan"}`), MarkedDeleting(200, "orphan")},
		}, Watch: []string{"ADDED [foregroundDeletion]", "MODIFIED deleting [orphan]"}},

		{ID: "D25+D26+D27", Steps: []Step{
			{Create(""), Created()},
			{Delete(`{"preconditions":{"uid":"nope"}}`), Conflict(`Operation cannot be fulfilled on {kind} "{name}": ` +
				`the UID in the precondition (nope) does not match the UID in record ({uid}). The object might have been deleted and then recreated`)},
			{Delete(`{"preconditions":{"resourceVersion":"1"}}`), Conflict(`Operation cannot be fulfilled on {kind} "{name}": ` +
				`the ResourceVersion in the precondition (1) does not match the ResourceVersion in record ({rv}). The object might have been modified`)},
			{Delete(`{"preconditions":{"uid":"{uid}","resourceVersion":"{rv}"}}`), Deleted()},
		}, Watch: []string{"ADDED", "DELETED"}},

		{ID: "D28+D29+D30", Steps: []Step{
			{Create(""), Created()},
			{Delete(`{"propagationPolicy":"Sideways"}`), BadDeleteOptions(Cause{"FieldValueNotSupported", "propagationPolicy",
				`Unsupported value: "Sideways": supported values: "Foreground", "Background", "Orphan", "nil"`})},
			{Delete(`{"orphanDependents":true,"propagationPolicy":"Orphan"}`), BadDeleteOptions(Cause{"FieldValueInvalid", "propagationPolicy",
				`Invalid value: "Orphan": orphanDependents and deletionPropagation cannot be both set`})},
			{Delete(`{"dryRun":["Bogus"]}`), BadDeleteOptions(Cause{"FieldValueNotSupported", "dryRun",
				`Unsupported value: ["Bogus"]: supported values: "All"`})},
		}, Watch: []string{"ADDED"}},

		{ID: "D31", Steps: []Step{
			{Create(""), Created()},
			{DeleteQuery("dryRun=All"), Deleted()},
			{Get(), Live()},
		}, Watch: []string{"ADDED"}},

		{ID: "D32", Steps: []Step{
			{Create(fin), Created("example.com/x")},
			{DeleteQuery("dryRun=All"), Want{Code: 200, Kind: KindObject, Deleting: true, Grace: Zero(),
				Finalizers: []string{"example.com/x"}, Generation: GenBumped}},
			{Get(), Live("example.com/x")},
		}, Watch: []string{"ADDED [example.com/x]"}},

		{ID: "D34", Steps: []Step{
			{Request{Method: "DELETE", Name: "nope"}, Want{Code: 404, Kind: KindStatus, Reason: "NotFound",
				Message: `{resource} "nope" not found`, Details: &Details{Name: "nope", Group: "{group}", Kind: "{plural}"}}},
		}},
	}
}
