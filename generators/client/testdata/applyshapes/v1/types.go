package v1

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Shape is namespaced, with a status.
//
// +genclient
// +kubebuilder:object:root=true
type Shape struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ShapeSpec   `json:"spec"`
	Status            ShapeStatus `json:"status,omitempty"`
}

// +kubebuilder:object:root=true
type ShapeList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Shape `json:"items"`
}

// ShapeSpec has a field of every shape.
type ShapeSpec struct {
	// Inline is an embedded struct whose fields are the spec's.
	Inline `json:",inline"`
	// Named is an embedded struct under a name of its own.
	Named `json:"named,omitempty"`
	// InlinePointer is an embedded pointer whose fields are the spec's.
	*InlinePointer `json:",inline"`

	// Pointers to slices.
	PortList     *[]Port                  `json:"portList,omitempty"`
	PortPtrList  *[]*Port                 `json:"portPtrList,omitempty"`
	OwnerList    *[]metav1.OwnerReference `json:"ownerList,omitempty"`
	StringList   *[]string                `json:"stringList,omitempty"`
	BytesPointer *[]byte                  `json:"bytesPointer,omitempty"`
	PortsPointer *Ports                   `json:"portsPointer,omitempty"`
	// Pointers to maps.
	PortMapPointer  *map[string]Port   `json:"portMapPointer,omitempty"`
	LabelsPointer   *map[string]string `json:"labelsPointer,omitempty"`
	NamedMapPointer *PortMap           `json:"namedMapPointer,omitempty"`

	// Slices.
	Ports         []Port                  `json:"ports,omitempty"`
	PortPtrs      []*Port                 `json:"portPtrs,omitempty"`
	Conditions    []metav1.Condition      `json:"conditions,omitempty"`
	ConditionPtrs []*metav1.Condition     `json:"conditionPtrs,omitempty"`
	Phases        []Phase                 `json:"phases,omitempty"`
	PhasePtrs     []*Phase                `json:"phasePtrs,omitempty"`
	Data          []byte                  `json:"data,omitempty"`
	Matrix        [][]Port                `json:"matrix,omitempty"`
	PortMaps      []map[string]Port       `json:"portMaps,omitempty"`
	Quantities    []resource.Quantity     `json:"quantities,omitempty"`
	Aliases       []PortAlias             `json:"aliases,omitempty"`
	ListAliases   PortListAlias           `json:"listAliases,omitempty"`
	Selectors     []*metav1.LabelSelector `json:"selectors,omitempty"`
	Extensions    []runtime.RawExtension  `json:"extensions,omitempty"`

	// Named slice and map types.
	NamedPorts   Ports   `json:"namedPorts,omitempty"`
	NamedPortMap PortMap `json:"namedPortMap,omitempty"`
	Names        Names   `json:"names,omitempty"`

	// Maps.
	PortMap     map[string]Port                 `json:"portMap,omitempty"`
	PortPtrMap  map[string]*Port                `json:"portPtrMap,omitempty"`
	PortsMap    map[string][]Port               `json:"portsMap,omitempty"`
	StringsMap  map[string][]string             `json:"stringsMap,omitempty"`
	NestedMap   map[string]map[string]Port      `json:"nestedMap,omitempty"`
	NamedKeyMap map[Phase]Port                  `json:"namedKeyMap,omitempty"`
	SelectorMap map[string]metav1.LabelSelector `json:"selectorMap,omitempty"`
	QuantityMap map[string]resource.Quantity    `json:"quantityMap,omitempty"`
	NamedValues map[string]Ports                `json:"namedValues,omitempty"`

	// Single values.
	Port        Port                  `json:"port"`
	PortPtr     *Port                 `json:"portPtr,omitempty"`
	PortPtrPtr  **Port                `json:"portPtrPtr,omitempty"`
	Alias       PortAlias             `json:"alias"`
	Array       [2]Port               `json:"array"`
	ArrayPtr    *[2]Port              `json:"arrayPtr,omitempty"`
	Phase       Phase                 `json:"phase,omitempty"`
	PhasePtr    *Phase                `json:"phasePtr,omitempty"`
	Quantity    resource.Quantity     `json:"quantity"`
	QuantityPtr *resource.Quantity    `json:"quantityPtr,omitempty"`
	Selector    *metav1.LabelSelector `json:"selector,omitempty"`
	Duration    metav1.Duration       `json:"duration,omitempty"`
	Time        *metav1.Time          `json:"time,omitempty"`
	Raw         *runtime.RawExtension `json:"raw,omitempty"`
	Count       *int32                `json:"count,omitempty"`
	Enabled     bool                  `json:"enabled"`
}

// Inline is inlined into the spec.
type Inline struct {
	Zone  string `json:"zone,omitempty"`
	Hosts []Port `json:"hosts,omitempty"`
}

// Named is embedded under a name.
type Named struct {
	Note   string            `json:"note"`
	Extras map[string]string `json:"extras,omitempty"`
	Peers  []Port            `json:"peers,omitempty"`
}

// InlinePointer is inlined through a pointer.
type InlinePointer struct {
	Region string `json:"region,omitempty"`
}

// Port is a named port.
type Port struct {
	Name   string `json:"name"`
	Number int32  `json:"number"`
}

// PortAlias is another name of Port.
type PortAlias = Port

// PortListAlias is another name of a slice of ports.
type PortListAlias = []Port

// Ports is a named slice of structs.
type Ports []Port

// PortMap is a named map of structs.
type PortMap map[string]Port

// Names is a named slice of strings.
type Names []string

// Phase is a string type.
type Phase string

// ShapeStatus holds conditions and a pointer to a slice of them.
type ShapeStatus struct {
	Conditions *[]metav1.Condition `json:"conditions,omitempty"`
	Observed   *Observed           `json:"observed,omitempty"`
}

// Observed is reached only through a pointer.
type Observed struct {
	Generations []int64 `json:"generations,omitempty"`
	Items       *[]Item `json:"items,omitempty"`
}

// Item is reached only through a pointer to a slice.
type Item struct {
	Key string `json:"key"`
}
