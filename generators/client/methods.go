package client

import (
	"go/token"
	"strings"

	"github.com/dave/jennifer/jen"
)

// method is one method of a typed client interface. Body is nil for the
// methods the embedded gentype client already has.
type method struct {
	Name    string
	Doc     []string
	Params  []jen.Code
	Results []jen.Code
	Real    []jen.Code // the typed client's body
	Fake    []jen.Code // the fake typed client's body
}

// methodNames lists the names every generated method of ct would take.
func methodNames(ct *clientType) []string {
	var names []string
	for _, m := range verbMethods(ct, jen.Null()) {
		names = append(names, m.Name)
	}
	for _, m := range conventionMethods(ct) {
		names = append(names, m.Name)
	}
	return names
}

// methods are the interface of ct's client, in client-gen's order: the
// verbs, the extra +genclient:method methods, then the conventions.
func methods(cs *clientset, ct *clientType) []method {
	out := verbMethods(ct, cs.applyConfigOf(ct))
	for _, ext := range ct.Extensions {
		out = append(out, extensionMethod(cs, ct, ext))
	}
	return append(out, conventionMethods(ct)...)
}

// applyConfigOf is the apply configuration of a +genclient type, or nil.
func (cs *clientset) applyConfigOf(ct *clientType) *jen.Statement {
	at := cs.applyTypes[ct.T.Object]
	if at == nil {
		return nil
	}
	return jen.Qual(cs.applyConfigPkg(at.GV).pkgPath, at.Name())
}

// paramName is client-gen's name for an object parameter: the type name
// with a lowercase first letter.
func paramName(name string) string {
	p := strings.ToLower(name[:1]) + name[1:]
	if token.IsKeyword(p) {
		p += "Obj"
	}
	return p
}

// verbMethods are the methods of ct's verbs; ac is its apply
// configuration, which Apply and ApplyStatus take.
func verbMethods(ct *clientType, ac *jen.Statement) []method {
	o, p := obj(ct), paramName(ct.Kind)
	if ac == nil {
		ac = jen.Null()
	}
	applyParams := func() []jen.Code {
		return []jen.Code{ctxParam(), jen.Id(p).Op("*").Add(ac.Clone()), jen.Id("opts").Add(metav1("ApplyOptions"))}
	}
	all := map[string]method{
		"create": {Name: "Create", Params: []jen.Code{ctxParam(), jen.Id(p).Add(o), jen.Id("opts").Add(metav1("CreateOptions"))},
			Results: []jen.Code{o, jen.Error()}},
		"update": {Name: "Update", Params: []jen.Code{ctxParam(), jen.Id(p).Add(o), jen.Id("opts").Add(metav1("UpdateOptions"))},
			Results: []jen.Code{o, jen.Error()}},
		"updateStatus": {Name: "UpdateStatus", Doc: []string{"Add a +genclient:noStatus comment above the type to avoid generating UpdateStatus()."},
			Params:  []jen.Code{ctxParam(), jen.Id(p).Add(o), jen.Id("opts").Add(metav1("UpdateOptions"))},
			Results: []jen.Code{o, jen.Error()}},
		"delete": {Name: "Delete", Params: []jen.Code{ctxParam(), jen.Id("name").String(), jen.Id("opts").Add(metav1("DeleteOptions"))},
			Results: []jen.Code{jen.Error()}},
		"deleteCollection": {Name: "DeleteCollection",
			Params:  []jen.Code{ctxParam(), jen.Id("opts").Add(metav1("DeleteOptions")), jen.Id("listOpts").Add(metav1("ListOptions"))},
			Results: []jen.Code{jen.Error()}},
		"get": {Name: "Get", Params: []jen.Code{ctxParam(), jen.Id("name").String(), jen.Id("opts").Add(metav1("GetOptions"))},
			Results: []jen.Code{o, jen.Error()}},
		"list": {Name: "List", Params: []jen.Code{ctxParam(), jen.Id("opts").Add(metav1("ListOptions"))},
			Results: []jen.Code{list(ct), jen.Error()}},
		"watch": {Name: "Watch", Params: []jen.Code{ctxParam(), jen.Id("opts").Add(metav1("ListOptions"))},
			Results: []jen.Code{jen.Qual(watchPkg, "Interface"), jen.Error()}},
		"patch": {Name: "Patch", Params: patchParams(true),
			Results: []jen.Code{jen.Id("result").Add(o), jen.Err().Error()}},
		"apply": {Name: "Apply", Params: applyParams(),
			Results: []jen.Code{jen.Id("result").Add(o), jen.Err().Error()}},
		"applyStatus": {Name: "ApplyStatus", Doc: []string{"Add a +genclient:noStatus comment above the type to avoid generating ApplyStatus()."},
			Params:  applyParams(),
			Results: []jen.Code{jen.Id("result").Add(o), jen.Err().Error()}},
	}
	var out []method
	for _, verb := range allVerbs {
		if m, ok := all[verb]; ok && ct.Verbs[verb] {
			out = append(out, m)
		}
	}
	if ct.Verbs.has("patch", "updateStatus") {
		out = append(out, patchStatusMethod(ct))
	}
	return out
}

func patchParams(variadic bool) []jen.Code {
	params := []jen.Code{ctxParam(), jen.Id("name").String(), jen.Id("pt").Qual(typesPkg, "PatchType"),
		jen.Id("data").Index().Byte(), jen.Id("opts").Add(metav1("PatchOptions"))}
	if variadic {
		params = append(params, jen.Id("subresources").Op("...").String())
	}
	return params
}

func patchStatusMethod(ct *clientType) method {
	call := []jen.Code{jen.Return(jen.Id("c").Dot("Patch").Call(jen.Id("ctx"), jen.Id("name"), jen.Id("pt"), jen.Id("data"), jen.Id("opts"), jen.Lit("status")))}
	return method{
		Name:    "PatchStatus",
		Doc:     []string{"PatchStatus applies the patch to the status subresource and returns the patched " + ct.Kind + "."},
		Params:  patchParams(false),
		Results: []jen.Code{obj(ct), jen.Error()},
		Real:    call, Fake: call,
	}
}

// conventionMethods are the finalizer and deletion conventions, for the
// verbs they need. Real and fake clients differ only in their deleter.
func conventionMethods(ct *clientType) []method {
	o := obj(ct)
	outcome := jen.Qual(lifecyclePkg, "Outcome").Types(o.Clone())
	var out []method
	if ct.Verbs.has("get", "patch") {
		out = append(out, same(method{
			Name: "AddFinalizer",
			Doc: []string{"AddFinalizer adds finalizer to the " + ct.Kind + " called name unless it is there already, and returns",
				"the object as stored. It refuses an invalid name or an object being deleted before",
				"sending anything, and retries on conflicts without dropping other writers' finalizers;",
				"see lifecycle.AddFinalizer."},
			Params:  []jen.Code{ctxParam(), jen.List(jen.Id("name"), jen.Id("finalizer")).String(), jen.Id("opts").Op("...").Qual(lifecyclePkg, "Option")},
			Results: []jen.Code{o.Clone(), jen.Error()},
			Real: []jen.Code{jen.Return(jen.Qual(lifecyclePkg, "AddFinalizer").Types(o.Clone()).Call(
				jen.Id("ctx"), jen.Id("c"), jen.Id("name"), jen.Id("finalizer"), jen.Id("opts").Op("...")))},
		}), same(method{
			Name: "RemoveFinalizer",
			Doc: []string{"RemoveFinalizer removes finalizer from the " + ct.Kind + " called name, with the guarantees of",
				"AddFinalizer, and reports whether the object is now gone (it was terminating and this",
				"was its last finalizer); see lifecycle.RemoveFinalizer."},
			Params:  []jen.Code{ctxParam(), jen.List(jen.Id("name"), jen.Id("finalizer")).String(), jen.Id("opts").Op("...").Qual(lifecyclePkg, "Option")},
			Results: []jen.Code{o.Clone(), jen.Bool(), jen.Error()},
			Real: []jen.Code{jen.Return(jen.Qual(lifecyclePkg, "RemoveFinalizer").Types(o.Clone()).Call(
				jen.Id("ctx"), jen.Id("c"), jen.Id("name"), jen.Id("finalizer"), jen.Id("opts").Op("...")))},
		}))
	}
	deleteParams := []jen.Code{ctxParam(), jen.Id("name").String(), jen.Id("opts").Add(metav1("DeleteOptions"))}
	if ct.Verbs.has("delete") {
		out = append(out, same(method{
			Name: "DeleteWithOutcome",
			Doc: []string{"DeleteWithOutcome deletes the " + ct.Kind + " called name and reports what the server did: Gone,",
				"Terminating with the pending finalizers, or NotFound; see lifecycle.Delete."},
			Params:  deleteParams,
			Results: []jen.Code{outcome.Clone(), jen.Error()},
			Real: []jen.Code{jen.Return(jen.Qual(lifecyclePkg, "Delete").Types(o.Clone()).Call(
				jen.Id("ctx"), jen.Id("c").Dot("deleter").Call(), jen.Id("name"), jen.Id("opts")))},
		}))
	}
	if ct.Verbs.has("delete", "get", "watch") {
		out = append(out, same(method{
			Name: "DeleteAndWait",
			Doc: []string{"DeleteAndWait deletes the " + ct.Kind + " called name and waits on a watch until it is gone or",
				"ctx ends; then the error names the finalizers still blocking it. See lifecycle.DeleteAndWait."},
			Params:  deleteParams,
			Results: []jen.Code{outcome.Clone(), jen.Error()},
			Real: []jen.Code{jen.Return(jen.Qual(lifecyclePkg, "DeleteAndWait").Types(o.Clone()).Call(
				jen.Id("ctx"), jen.Id("c").Dot("deleter").Call(), jen.Id("c"), jen.Id("name"), jen.Id("opts")))},
		}))
	}
	return out
}

func same(m method) method {
	m.Fake = m.Real
	return m
}

// needsDeleter reports whether the client's methods call c.deleter().
func needsDeleter(ct *clientType) bool { return ct.Verbs.has("delete") }

// extensionMethod is one +genclient:method, with client-gen's signature for
// its verb, implemented on the REST client and on the fake.
func extensionMethod(cs *clientset, ct *clientType, ext extension) method {
	schemePath := cs.schemePkg().pkgPath
	input, result := typeRef(ct, ext.Input), typeRef(ct, ext.Result)
	resultList := typeListRef(ct, ext.Result)
	named := ext.Subresource != ""
	nameParam := "name"
	if named && ext.Verb != "patch" {
		nameParam = paramName(ct.Kind) + "Name"
	}
	inputParam := paramName(typeName(ct, ext.Input))
	m := method{Name: ext.Name}
	lead := []jen.Code{ctxParam()}
	if named && ext.Verb != "patch" {
		lead = append(lead, jen.Id(nameParam).String())
	}
	switch ext.Verb {
	case "get":
		m.Params = []jen.Code{ctxParam(), jen.Id(nameParam).String(), jen.Id("options").Add(metav1("GetOptions"))}
		m.Results = []jen.Code{jen.Op("*").Add(result), jen.Error()}
	case "list":
		m.Params = append(lead, jen.Id("opts").Add(metav1("ListOptions")))
		m.Results = []jen.Code{jen.Op("*").Add(resultList), jen.Error()}
	case "create", "update":
		optsType := map[string]string{"create": "CreateOptions", "update": "UpdateOptions"}[ext.Verb]
		m.Params = append(lead, jen.Id(inputParam).Op("*").Add(input), jen.Id("opts").Add(metav1(optsType)))
		m.Results = []jen.Code{jen.Op("*").Add(result), jen.Error()}
	case "patch":
		m.Params = patchParams(true)
		m.Results = []jen.Code{jen.Op("*").Add(result), jen.Error()}
	case "apply":
		m.Params = append(lead, jen.Id(inputParam).Op("*").Add(cs.applyInput(ct, ext)), jen.Id("opts").Add(metav1("ApplyOptions")))
		m.Results = []jen.Code{jen.Op("*").Add(result), jen.Error()}
	}
	m.Doc = []string{ext.Name + " " + extensionDoc(ext, ct)}
	if ext.Verb == "apply" {
		m.Real = realApplyBody(ct, ext, nameParam, inputParam, schemePath)
		m.Fake = fakeApplyBody(ct, ext, nameParam, inputParam)
		return m
	}
	m.Real = realExtensionBody(ct, ext, nameParam, inputParam, schemePath)
	m.Fake = fakeExtensionBody(ct, ext, nameParam, inputParam)
	return m
}

// realApplyBody sends the apply configuration as an apply patch, as
// client-gen's apply templates do.
func realApplyBody(ct *clientType, ext extension, nameParam, inputParam, schemePath string) []jen.Code {
	input := jen.Id(inputParam)
	body, name := applyChecks(ext, nameParam, inputParam)
	req := jen.Id("request")
	if !ct.ClusterScoped {
		req = then(req, "Namespace").Call(jen.Id("c").Dot("GetNamespace").Call())
	}
	req = then(req, "Resource").Call(jen.Lit(ct.Plural))
	req = then(req, "Name").Call(name)
	if ext.Subresource != "" {
		req = then(req, "SubResource").Call(jen.Lit(ext.Subresource))
	}
	req = then(req, "VersionedParams").Call(jen.Op("&").Id("patchOpts"), jen.Qual(schemePath, "ParameterCodec"))
	return append(body,
		jen.List(jen.Id("request"), jen.Err()).Op(":=").Qual(applyPkg, "NewRequest").Call(jen.Id("c").Dot("GetClient").Call(), input.Clone()),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		jen.Id("patchOpts").Op(":=").Id("opts").Dot("ToPatchOptions").Call(),
		jen.Id("result").Op(":=").Op("&").Add(typeRef(ct, ext.Result)).Values(),
		jen.Err().Op("=").Add(then(then(req, "Do").Call(jen.Id("ctx")), "Into").Call(jen.Id("result"))),
		jen.Return(jen.Id("result"), jen.Err()),
	)
}

// fakeApplyBody records an apply patch action with the JSON of the apply
// configuration, as client-gen's fake apply templates do.
func fakeApplyBody(ct *clientType, ext extension, nameParam, inputParam string) []jen.Code {
	result := typeRef(ct, ext.Result)
	body, name := applyChecks(ext, nameParam, inputParam)
	args := []jen.Code{jen.Id("c").Dot("Resource").Call()}
	if !ct.ClusterScoped {
		args = append(args, jen.Id("c").Dot("Namespace").Call())
	}
	args = append(args, name, jen.Qual(typesPkg, "ApplyPatchType"), jen.Id("data"), jen.Id("opts").Dot("ToPatchOptions").Call())
	if ext.Subresource != "" {
		args = append(args, jen.Lit(ext.Subresource))
	}
	action := "NewPatchSubresourceActionWithOptions"
	if ct.ClusterScoped {
		action = "NewRootPatchSubresourceActionWithOptions"
	}
	return append(body,
		jen.List(jen.Id("data"), jen.Err()).Op(":=").Qual(jsonPkg, "Marshal").Call(jen.Id(inputParam)),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		jen.Id("emptyResult").Op(":=").Op("&").Add(result.Clone()).Values(),
		jen.List(jen.Id("obj"), jen.Err()).Op(":=").Id("c").Dot("Fake").Dot("Invokes").Call(jen.Qual(testingPkg, action).Call(args...), jen.Id("emptyResult")),
		jen.If(jen.Id("obj").Op("==").Nil()).Block(jen.Return(jen.Id("emptyResult"), jen.Err())),
		jen.Return(jen.Id("obj").Assert(jen.Op("*").Add(result.Clone())), jen.Err()),
	)
}

// applyChecks refuse a nil apply configuration, and one without a name
// when the method does not take the name (it has no subresource), before
// anything is sent. name is the object's name in the rest of the body.
func applyChecks(ext extension, nameParam, inputParam string) (checks []jen.Code, name *jen.Statement) {
	fail := func(msg string) jen.Code {
		return jen.Return(jen.Nil(), jen.Qual(fmtPkg, "Errorf").Call(jen.Lit(msg)))
	}
	checks = []jen.Code{jen.If(jen.Id(inputParam).Op("==").Nil()).Block(fail(inputParam + " provided to " + ext.Name + " must not be nil"))}
	if ext.Subresource != "" {
		return checks, jen.Id(nameParam)
	}
	return append(checks,
		jen.Id("name").Op(":=").Id(inputParam).Dot("GetName").Call(),
		jen.If(jen.Id("name").Op("==").Nil()).Block(fail(inputParam+".Name must be provided to "+ext.Name)),
	), jen.Op("*").Id("name")
}

func extensionDoc(ext extension, ct *clientType) string {
	target := "the " + ct.Kind
	if ext.Subresource != "" {
		target = "the " + ext.Subresource + " subresource of the " + ct.Kind
	}
	return map[string]string{
		"get": "gets " + target + ".", "list": "lists " + target + ".", "create": "creates " + target + ".",
		"update": "updates " + target + ".", "patch": "patches " + target + ".",
		"apply": "applies the given apply configuration to " + target + ".",
	}[ext.Verb]
}

// typeRef is the type an extension names, or the client's own type.
func typeRef(ct *clientType, tn *namedType) *jen.Statement {
	if tn == nil {
		return jen.Qual(ct.T.Package.Path, ct.Kind)
	}
	return jen.Qual(tn.Path, tn.Name)
}

func typeListRef(ct *clientType, tn *namedType) *jen.Statement {
	if tn == nil {
		return jen.Qual(ct.T.Package.Path, ct.Kind+"List")
	}
	return jen.Qual(tn.Path, tn.Name+"List")
}

func typeName(ct *clientType, tn *namedType) string {
	if tn == nil {
		return ct.Kind
	}
	return tn.Name
}

// realExtensionBody builds the request as client-gen's templates do.
func realExtensionBody(ct *clientType, ext extension, nameParam, inputParam, schemePath string) []jen.Code {
	httpVerb := map[string]string{"get": "Get", "list": "Get", "create": "Post", "update": "Put"}[ext.Verb]
	result := typeRef(ct, ext.Result)
	if ext.Verb == "list" {
		result = typeListRef(ct, ext.Result)
	}
	req := jen.Id("c").Dot("GetClient").Call().Dot(httpVerb).Call()
	if ext.Verb == "patch" {
		req = jen.Id("c").Dot("GetClient").Call().Dot("Patch").Call(jen.Id("pt"))
	}
	if !ct.ClusterScoped {
		req = then(req, "Namespace").Call(jen.Id("c").Dot("GetNamespace").Call())
	}
	req = then(req, "Resource").Call(jen.Lit(ct.Plural))
	if ext.Verb != "list" || ext.Subresource != "" {
		req = then(req, "Name").Call(jen.Id(nameParam))
	}
	var body []jen.Code
	switch {
	case ext.Verb == "patch":
		body = append(body, defaultSubresource(ext)...)
		req = then(req, "SubResource").Call(jen.Id("subresources").Op("..."))
	case ext.Subresource != "":
		req = then(req, "SubResource").Call(jen.Lit(ext.Subresource))
	}
	optsName := "opts"
	if ext.Verb == "get" {
		optsName = "options"
	}
	req = then(req, "VersionedParams").Call(jen.Op("&").Id(optsName), jen.Qual(schemePath, "ParameterCodec"))
	switch ext.Verb {
	case "create", "update":
		req = then(req, "Body").Call(jen.Id(inputParam))
	case "patch":
		req = then(req, "Body").Call(jen.Id("data"))
	case "list":
		// opts.TimeoutSeconds bounds the request too, as in List.
		body = append(body,
			jen.Var().Id("timeout").Qual(timePkg, "Duration"),
			jen.If(jen.Id("opts").Dot("TimeoutSeconds").Op("!=").Nil()).Block(
				jen.Id("timeout").Op("=").Qual(timePkg, "Duration").Call(jen.Op("*").Id("opts").Dot("TimeoutSeconds")).Op("*").Qual(timePkg, "Second")),
		)
		req = then(req, "Timeout").Call(jen.Id("timeout"))
	}
	return append(body,
		jen.Id("result").Op(":=").Op("&").Add(result).Values(),
		jen.Err().Op(":=").Add(then(then(req, "Do").Call(jen.Id("ctx")), "Into").Call(jen.Id("result"))),
		jen.Return(jen.Id("result"), jen.Err()),
	)
}

// defaultSubresource makes a patch method's subresource (+genclient:method
// …,verb=patch,subresource=scale) the one patched when the caller names
// none. client-gen patches the subresources the caller names, and only
// those: callers of its PatchScale pass "scale", which this keeps working.
func defaultSubresource(ext extension) []jen.Code {
	if ext.Subresource == "" {
		return nil
	}
	return []jen.Code{jen.If(jen.Len(jen.Id("subresources")).Op("==").Lit(0)).Block(
		jen.Id("subresources").Op("=").Index().String().Values(jen.Lit(ext.Subresource)))}
}

// fakeExtensionBody records the action with client-go's testing actions.
func fakeExtensionBody(ct *clientType, ext extension, nameParam, inputParam string) []jen.Code {
	result := typeRef(ct, ext.Result)
	if ext.Verb == "list" {
		result = typeListRef(ct, ext.Result)
	}
	action := fakeAction(ct, ext, nameParam, inputParam)
	var body []jen.Code
	if ext.Verb == "patch" {
		body = defaultSubresource(ext)
	}
	return append(body,
		jen.Id("emptyResult").Op(":=").Op("&").Add(result.Clone()).Values(),
		jen.List(jen.Id("obj"), jen.Err()).Op(":=").Id("c").Dot("Fake").Dot("Invokes").Call(action, jen.Id("emptyResult")),
		jen.If(jen.Id("obj").Op("==").Nil()).Block(jen.Return(jen.Id("emptyResult"), jen.Err())),
		jen.Return(jen.Id("obj").Assert(jen.Op("*").Add(result.Clone())), jen.Err()),
	)
}

func fakeAction(ct *clientType, ext extension, nameParam, inputParam string) jen.Code {
	res, ns := jen.Id("c").Dot("Resource").Call(), jen.Id("c").Dot("Namespace").Call()
	sub := jen.Lit(ext.Subresource)
	call := func(name string, args ...jen.Code) jen.Code {
		if ct.ClusterScoped {
			name = "NewRoot" + strings.TrimPrefix(name, "New")
		}
		return jen.Qual(testingPkg, name).Call(args...)
	}
	nsArgs := func(args ...jen.Code) []jen.Code {
		if !ct.ClusterScoped {
			return args
		}
		var out []jen.Code
		for _, a := range args {
			if a != ns {
				out = append(out, a)
			}
		}
		return out
	}
	switch {
	case ext.Verb == "get" && ext.Subresource != "":
		return call("NewGetSubresourceActionWithOptions", nsArgs(res, ns, sub, jen.Id(nameParam), jen.Id("options"))...)
	case ext.Verb == "get":
		return call("NewGetActionWithOptions", nsArgs(res, ns, jen.Id(nameParam), jen.Id("options"))...)
	case ext.Verb == "list":
		return call("NewListActionWithOptions", nsArgs(res, jen.Id("c").Dot("Kind").Call(), ns, jen.Id("opts"))...)
	case ext.Verb == "create" && ext.Subresource != "":
		return call("NewCreateSubresourceActionWithOptions", nsArgs(res, jen.Id(nameParam), sub, ns, jen.Id(inputParam), jen.Id("opts"))...)
	case ext.Verb == "create":
		return call("NewCreateActionWithOptions", nsArgs(res, ns, jen.Id(inputParam), jen.Id("opts"))...)
	case ext.Verb == "update" && ext.Subresource != "":
		return call("NewUpdateSubresourceActionWithOptions", nsArgs(res, sub, ns, jen.Id(inputParam), jen.Id("opts"))...)
	case ext.Verb == "update":
		return call("NewUpdateActionWithOptions", nsArgs(res, ns, jen.Id(inputParam), jen.Id("opts"))...)
	}
	return call("NewPatchSubresourceActionWithOptions", nsArgs(res, ns, jen.Id("name"), jen.Id("pt"), jen.Id("data"), jen.Id("opts"), jen.Id("subresources").Op("..."))...)
}

// then continues a method chain on the next line, as client-gen lays out
// its requests.
func then(s *jen.Statement, method string) *jen.Statement {
	return s.Op(".").Line().Id(method)
}
