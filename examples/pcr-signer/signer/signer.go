// Package signer is a small PodCertificateRequest signer: it watches the
// certificates.k8s.io/v1 PodCertificateRequests addressed to its signer
// name and answers each one once, through the /status subresource:
//
//   - Denied, reason InvalidUnverifiedUserAnnotations, when the request
//     carries unverifiedUserAnnotations (this signer knows none);
//   - Denied, reason UnsupportedKeyType, when the key is not ECDSA P-256,
//     ECDSA P-384 or Ed25519 (kube-apiserver also accepts RSA 3072/4096
//     and ECDSA P-521; signers need not support every type);
//   - Issued otherwise: a leaf certificate for the request's public key,
//     signed by the signer's CA, followed by the CA certificate.
//
// The status is built and checked with schema/certificates/v1 (Issue,
// Deny), so a write kube-apiserver would refuse is caught before it is sent.
//
// Its RBAC manifest, ../config/rbac/role.yaml, is generated from the RBAC
// markers above Rules; the least-privilege test (signertest) checks it
// against what the signer does.
//
// +metagen:rbac-dir=../config/rbac
//
//go:generate go run github.com/metagen-dev/metagen/cmd/metagen generate -g rbac .
package signer

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	certificatesv1 "k8s.io/api/certificates/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	certificateslisters "k8s.io/client-go/listers/certificates/v1"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/workqueue"

	pcrvalidation "github.com/metagen-dev/metagen/schema/certificates/v1"
)

// DefaultSignerName is the signer name the example answers for.
const DefaultSignerName = "example.com/pcr-signer"

// CA is the signer's certificate authority: a throwaway ECDSA P-256 key and
// a self-signed certificate, made at start.
type CA struct {
	Cert *x509.Certificate
	Key  crypto.Signer
}

// NewCA makes a CA valid from an hour before now for a year, longer than
// any leaf it can sign (at most 91 days).
func NewCA(now time.Time) (*CA, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	serial, err := randomSerial()
	if err != nil {
		return nil, err
	}
	template := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{CommonName: "pcr-signer example CA"},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.Add(365 * 24 * time.Hour),
		IsCA:                  true,
		BasicConstraintsValid: true,
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
	}
	der, err := x509.CreateCertificate(rand.Reader, template, template, key.Public(), key)
	if err != nil {
		return nil, err
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, err
	}
	return &CA{Cert: cert, Key: key}, nil
}

// PEM is the CA certificate, PEM-encoded: what clients of the issued
// certificates trust.
func (ca *CA) PEM() string { return pemCertificate(ca.Cert.Raw) }

// Pool is a certificate pool holding the CA.
func (ca *CA) Pool() *x509.CertPool {
	pool := x509.NewCertPool()
	pool.AddCert(ca.Cert)
	return pool
}

// Signer answers the PodCertificateRequests for one signer name.
type Signer struct {
	// Name is the signer name, e.g. DefaultSignerName.
	Name string
	// CA signs the leaves.
	CA *CA
	// Client reaches the API server. The signer needs the permissions Rules
	// lists.
	Client kubernetes.Interface
	// Lifetime of the leaves, bounded by each request's
	// spec.maxExpirationSeconds; 24h when zero.
	Lifetime time.Duration
	// TrustDomain of the leaves' SPIFFE ID
	// (spiffe://<TrustDomain>/ns/<namespace>/sa/<service account>);
	// "cluster.local" when empty.
	TrustDomain string
	// Now is the clock of notBefore; time.Now when nil. kube-apiserver
	// refuses a notBefore more than 5 minutes from its own clock.
	Now func() time.Time
	// Logf, when set, reports each answer and each failed attempt.
	Logf func(format string, args ...any)
}

// +kubebuilder:rbac:groups=certificates.k8s.io,resources=podcertificaterequests,verbs=get;list;watch,roleName=pcr-signer
// +kubebuilder:rbac:groups=certificates.k8s.io,resources=podcertificaterequests/status,verbs=update,roleName=pcr-signer
// +kubebuilder:rbac:groups=certificates.k8s.io,resources=signers,resourceNames=example.com/pcr-signer,verbs=sign,roleName=pcr-signer

// Rules are the permissions a signer for signerName needs, as RBAC policy
// rules for a ClusterRole: watch the requests, write their status, and sign
// for the signer name.
func Rules(signerName string) []rbacv1.PolicyRule {
	return []rbacv1.PolicyRule{
		{APIGroups: []string{certificatesv1.GroupName}, Resources: []string{"podcertificaterequests"}, Verbs: []string{"get", "list", "watch"}},
		{APIGroups: []string{certificatesv1.GroupName}, Resources: []string{"podcertificaterequests/status"}, Verbs: []string{"update"}},
		{APIGroups: []string{certificatesv1.GroupName}, Resources: []string{"signers"}, ResourceNames: []string{signerName}, Verbs: []string{"sign"}},
	}
}

// Run answers requests until ctx ends: an informer lists and watches the
// PodCertificateRequests of every namespace whose spec.signerName is the
// signer's (a field selector the server evaluates), and workers answer the
// ones not yet issued, denied or failed. A write that fails (a conflict
// with a newer version, a refusal) is retried with backoff.
func (s *Signer) Run(ctx context.Context, workers int) error {
	if s.Name == "" || s.CA == nil || s.Client == nil {
		return errors.New("signer: Name, CA and Client are required")
	}
	factory := informers.NewSharedInformerFactoryWithOptions(s.Client, 0,
		informers.WithTweakListOptions(func(o *metav1.ListOptions) {
			o.FieldSelector = fields.OneTermEqualSelector("spec.signerName", s.Name).String()
		}))
	pcrs := factory.Certificates().V1().PodCertificateRequests()
	queue := workqueue.NewTypedRateLimitingQueueWithConfig(
		workqueue.DefaultTypedControllerRateLimiter[string](),
		workqueue.TypedRateLimitingQueueConfig[string]{Name: "pcr-signer"})
	defer queue.ShutDown()
	enqueue := func(obj any) {
		if key, err := cache.MetaNamespaceKeyFunc(obj); err == nil {
			queue.Add(key)
		}
	}
	if _, err := pcrs.Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    enqueue,
		UpdateFunc: func(_, obj any) { enqueue(obj) },
	}); err != nil {
		return err
	}
	factory.Start(ctx.Done())
	defer factory.Shutdown()
	if !cache.WaitForCacheSync(ctx.Done(), pcrs.Informer().HasSynced) {
		return ctx.Err()
	}
	lister := pcrs.Lister()
	var wg sync.WaitGroup
	for range max(workers, 1) {
		wg.Go(func() {
			for s.processNext(ctx, queue, lister) {
			}
		})
	}
	<-ctx.Done()
	// Run returns once no worker is left, so nothing logs after it.
	queue.ShutDown()
	wg.Wait()
	return nil
}

func (s *Signer) processNext(ctx context.Context, queue workqueue.TypedRateLimitingInterface[string], lister certificateslisters.PodCertificateRequestLister) bool {
	key, quit := queue.Get()
	if quit {
		return false
	}
	defer queue.Done(key)
	if err := s.sync(ctx, lister, key); err != nil {
		s.logf("%s: %v (will retry)", key, err)
		queue.AddRateLimited(key)
		return true
	}
	queue.Forget(key)
	return true
}

// sync answers the request named key, unless it is answered already.
func (s *Signer) sync(ctx context.Context, lister certificateslisters.PodCertificateRequestLister, key string) error {
	namespace, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		utilruntime.HandleError(err)
		return nil
	}
	pcr, err := lister.PodCertificateRequests(namespace).Get(name)
	if apierrors.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if pcr.Spec.SignerName != s.Name || answered(pcr) {
		return nil
	}
	answer, err := s.Answer(pcr)
	if err != nil {
		return err
	}
	if _, err := s.Client.CertificatesV1().PodCertificateRequests(namespace).UpdateStatus(ctx, answer, metav1.UpdateOptions{}); err != nil {
		return err
	}
	c := answer.Status.Conditions[0]
	s.logf("%s: %s (%s) %s", key, c.Type, c.Reason, c.Message)
	return nil
}

// answered reports whether pcr is issued, denied or failed.
func answered(pcr *certificatesv1.PodCertificateRequest) bool {
	return slices.ContainsFunc(pcr.Status.Conditions, func(c metav1.Condition) bool {
		switch c.Type {
		case certificatesv1.PodCertificateRequestConditionTypeIssued,
			certificatesv1.PodCertificateRequestConditionTypeDenied,
			certificatesv1.PodCertificateRequestConditionTypeFailed:
			return c.Status == metav1.ConditionTrue
		}
		return false
	})
}

// Supported is the signer's key policy: ECDSA P-256 and P-384, Ed25519.
func Supported(key crypto.PublicKey) bool {
	switch k := key.(type) {
	case ed25519.PublicKey:
		return true
	case *ecdsa.PublicKey:
		return k.Curve == elliptic.P256() || k.Curve == elliptic.P384()
	}
	return false
}

// Answer returns a copy of pcr with the signer's answer in its status:
// denied, failed or issued. The status passes kube-apiserver's /status
// validation (schema/certificates/v1 checks it); an error means the signer
// could not build one.
func (s *Signer) Answer(pcr *certificatesv1.PodCertificateRequest) (*certificatesv1.PodCertificateRequest, error) {
	if len(pcr.Spec.UnverifiedUserAnnotations) > 0 {
		keys := make([]string, 0, len(pcr.Spec.UnverifiedUserAnnotations))
		for k := range pcr.Spec.UnverifiedUserAnnotations {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		return pcrvalidation.Deny(pcr, pcrvalidation.ReasonInvalidUnverifiedUserAnnotations,
			fmt.Sprintf("this signer recognizes no unverifiedUserAnnotations; got %s", strings.Join(keys, ", ")))
	}
	csr, class, err := pcrvalidation.ParseStubPKCS10Request(pcr.Spec.StubPKCS10Request)
	if err != nil {
		// kube-apiserver validated the CSR; this is not expected.
		return pcrvalidation.Fail(pcr, "InvalidRequest", "the stub PKCS#10 request does not parse: "+err.Error())
	}
	if !Supported(csr.PublicKey) {
		return pcrvalidation.Deny(pcr, pcrvalidation.ReasonUnsupportedKeyType,
			fmt.Sprintf("%s keys are not supported; use ECDSAP256 (supported: ECDSAP256, ECDSAP384, ED25519)", keyName(csr.PublicKey, class)))
	}
	chain, notBefore, notAfter, refresh, err := s.issue(pcr, csr.PublicKey)
	if err != nil {
		return nil, err
	}
	return pcrvalidation.Issue(pcr, chain, notBefore, notAfter, refresh)
}

// issue signs a leaf for key: notBefore now (whole seconds: it must equal
// status.notBefore, which the API keeps in seconds), the lifetime bounded
// by spec.maxExpirationSeconds, refresh two thirds into the validity, which
// stays inside [notBefore+10m, notAfter-10m] for any lifetime of at least 1h.
// The subject is empty; the identity is a SPIFFE URI SAN.
func (s *Signer) issue(pcr *certificatesv1.PodCertificateRequest, key crypto.PublicKey) (chain string, notBefore, notAfter, refresh time.Time, err error) {
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	lifetime := s.Lifetime
	if lifetime == 0 {
		lifetime = 24 * time.Hour
	}
	if m := pcr.Spec.MaxExpirationSeconds; m != nil && time.Duration(*m)*time.Second < lifetime {
		lifetime = time.Duration(*m) * time.Second
	}
	notBefore = now().UTC().Truncate(time.Second)
	notAfter = notBefore.Add(lifetime)
	refresh = notBefore.Add(lifetime * 2 / 3).Truncate(time.Second)
	serial, err := randomSerial()
	if err != nil {
		return "", notBefore, notAfter, refresh, err
	}
	template := &x509.Certificate{
		SerialNumber: serial,
		NotBefore:    notBefore,
		NotAfter:     notAfter,
		URIs:         []*url.URL{s.SPIFFEID(pcr)},
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth, x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, template, s.CA.Cert, key, s.CA.Key)
	if err != nil {
		return "", notBefore, notAfter, refresh, err
	}
	return pemCertificate(der) + s.CA.PEM(), notBefore, notAfter, refresh, nil
}

// SPIFFEID is the identity the leaf for pcr carries: the pod's service
// account.
func (s *Signer) SPIFFEID(pcr *certificatesv1.PodCertificateRequest) *url.URL {
	domain := s.TrustDomain
	if domain == "" {
		domain = "cluster.local"
	}
	return &url.URL{Scheme: "spiffe", Host: domain, Path: "/ns/" + pcr.Namespace + "/sa/" + pcr.Spec.ServiceAccountName}
}

func (s *Signer) logf(format string, args ...any) {
	if s.Logf != nil {
		s.Logf(format, args...)
	}
}

// keyName names a key for a denial message, e.g. "RSA 3072-bit modulus".
func keyName(key crypto.PublicKey, class pcrvalidation.KeyClass) string {
	switch key.(type) {
	case *ecdsa.PublicKey:
		return "ECDSA " + strings.TrimPrefix(class.Description, "curve ")
	case ed25519.PublicKey:
		return "Ed25519"
	}
	if strings.HasSuffix(class.Description, "-bit modulus") {
		return "RSA " + strings.TrimSuffix(class.Description, " modulus")
	}
	return class.Description
}

func randomSerial() (*big.Int, error) {
	return rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
}

func pemCertificate(der []byte) string {
	return string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}))
}
