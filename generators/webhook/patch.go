package webhook

import (
	"encoding/json"
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/util/strategicpatch"
	kjson "sigs.k8s.io/json"
)

// applyPatch applies patch=`{…}`, a strategic merge patch, to the webhook,
// as controller-gen does: the patch is checked strictly first (an unknown
// or miscased field is an error even where its value is null, which the
// merge would drop), then merged, then decoded strictly into a fresh value,
// so that fields the patch sets to null are gone.
func applyPatch[T any](webhook *T, patch string) error {
	if patch == "" {
		return nil
	}
	if err := checkPatch[T](patch); err != nil {
		return fmt.Errorf("patch: %w", err)
	}
	original, err := json.Marshal(webhook)
	if err != nil {
		return err
	}
	merged, err := strategicpatch.StrategicMergePatch(original, []byte(patch), webhook)
	if err != nil {
		return fmt.Errorf("patch: %w", err)
	}
	var patched T
	if err := strictDecode(merged, &patched); err != nil {
		return fmt.Errorf("patch: %w", err)
	}
	*webhook = patched
	return nil
}

// checkPatch decodes the patch, without its merge directives, strictly
// into the webhook type.
func checkPatch[T any](patch string) error {
	var fields map[string]any
	if err := strictDecode([]byte(patch), &fields); err != nil {
		return err
	}
	var zero T
	meta, err := strategicpatch.NewPatchMetaFromStruct(&zero)
	if err != nil {
		return err
	}
	if err := dropDirectives(fields, meta); err != nil {
		return err
	}
	clean, err := json.Marshal(fields)
	if err != nil {
		return err
	}
	return strictDecode(clean, new(T))
}

func strictDecode(data []byte, into any) error {
	strict, err := kjson.UnmarshalStrict(data, into)
	if err != nil {
		return err
	}
	if len(strict) > 0 {
		return strict[0]
	}
	return nil
}

// dropDirectives removes the directives strategic merge understands
// ($patch, $retainKeys, $setElementOrder/…, $deleteFromPrimitiveList/…)
// and checks that every field of the patch exists, at every level that is
// a struct. Other "$…" keys stay, for the strict decode to refuse.
func dropDirectives(patch map[string]any, meta strategicpatch.LookupPatchMeta) error {
	isStruct := meta.Name() == "struct" || meta.Name() == "ptr"
	for key, value := range patch {
		if strings.HasPrefix(key, "$") {
			if err := dropDirective(patch, key, value, meta); err != nil {
				return err
			}
			continue
		}
		if !isStruct {
			continue
		}
		switch value := value.(type) {
		case map[string]any:
			sub, _, err := meta.LookupPatchMetadataForStruct(key)
			if err != nil {
				return fmt.Errorf("invalid patch field %q: %w", key, err)
			}
			if err := dropDirectives(value, sub); err != nil {
				return err
			}
		case []any:
			sub, _, err := meta.LookupPatchMetadataForSlice(key)
			if err != nil {
				return fmt.Errorf("invalid patch field %q: %w", key, err)
			}
			for _, item := range value {
				if item, ok := item.(map[string]any); ok {
					if err := dropDirectives(item, sub); err != nil {
						return err
					}
				}
			}
		default:
			if _, _, err := meta.LookupPatchMetadataForStruct(key); err != nil {
				return fmt.Errorf("invalid patch field %q: %w", key, err)
			}
		}
	}
	return nil
}

func dropDirective(patch map[string]any, key string, value any, meta strategicpatch.LookupPatchMeta) error {
	_, isList := value.([]any)
	switch {
	case key == "$patch":
		if directive, ok := value.(string); ok && (directive == "delete" || directive == "replace") {
			delete(patch, key)
		}
	case key == "$retainKeys":
		if isList {
			delete(patch, key)
		}
	case strings.HasPrefix(key, "$setElementOrder/"), strings.HasPrefix(key, "$deleteFromPrimitiveList/"):
		field := key[strings.IndexByte(key, '/')+1:]
		if _, _, err := meta.LookupPatchMetadataForSlice(field); err != nil {
			return fmt.Errorf("invalid %s directive: %w", key[:strings.IndexByte(key, '/')], err)
		}
		if isList {
			delete(patch, key)
		}
	}
	return nil
}
