package markers

import (
	"fmt"
	"go/token"
	"strconv"
	"strings"
)

// checkKubeRelease accepts prerelease-lifecycle-gen's <major>.<minor>, e.g. 1.20.
func checkKubeRelease(_ Target, value string) error {
	major, minor, ok := strings.Cut(value, ".")
	_, majorErr := strconv.ParseInt(major, 10, 32)
	_, minorErr := strconv.ParseInt(minor, 10, 32)
	if !ok || majorErr != nil || minorErr != nil || strings.HasPrefix(minor, "+") || strings.HasPrefix(major, "+") {
		return fmt.Errorf("want <major>.<minor>, like 1.20, got %q", value)
	}
	return nil
}

// checkReplacementGVK applies prerelease-lifecycle-gen's checks to
// <group>,<version>,<kind>.
func checkReplacementGVK(_ Target, value string) error {
	parts := strings.Split(value, ",")
	if len(parts) != 3 || parts[1] == "" || parts[2] == "" {
		return fmt.Errorf(`want "<group>,<version>,<kind>", got %q`, value)
	}
	group, version, kind := parts[0], parts[1], parts[2]
	switch {
	case strings.ToLower(group) != group:
		return fmt.Errorf("the replacement group must be all lower-case, got %q", group)
	case !strings.HasPrefix(version, "v") || strings.ToLower(version) != version:
		return fmt.Errorf(`the replacement version must start with "v" and be all lower-case, got %q`, version)
	case strings.ToUpper(kind[:1]) != kind[:1]:
		return fmt.Errorf("the replacement kind must start with an upper-case letter, got %q", kind)
	}
	return nil
}

// checkDefaulterGen wants true or false on a type, and a field name or
// false on a package.
func checkDefaulterGen(target Target, value string) error {
	if target == OnType {
		if value != "true" && value != "false" {
			return fmt.Errorf("on a type want true or false, got %q", value)
		}
		return nil
	}
	if value != "false" && !token.IsIdentifier(value) {
		return fmt.Errorf("on a package want the name of the field that selects types (TypeMeta), or false, got %q", value)
	}
	return nil
}

// checkFullImportPath refuses relative paths, as code-generator does.
func checkFullImportPath(_ Target, value string) error {
	if strings.HasPrefix(value, "./") || strings.HasPrefix(value, "../") || strings.ContainsAny(value, " \t,") {
		return fmt.Errorf("want a full import path, got %q", value)
	}
	return nil
}

// checkConversionGen wants false on a type or field, and an import path or
// false on a package.
func checkConversionGen(target Target, value string) error {
	if target != OnPackage {
		if value != "false" {
			return fmt.Errorf("on a %s only false is supported, got %q", target, value)
		}
		return nil
	}
	if value == "" {
		return fmt.Errorf("want the import path of the peer package, or false")
	}
	return checkFullImportPath(target, value)
}

// checkExplicitFrom accepts what conversion-gen supports.
func checkExplicitFrom(_ Target, value string) error {
	if value != "net/url.Values" {
		return fmt.Errorf("conversion-gen supports only net/url.Values, got %q", value)
	}
	return nil
}
