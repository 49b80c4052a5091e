package server

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"time"
)

// servingCertificates is what the server serves HTTPS with: a throwaway CA,
// made at start and whose key is dropped once it has signed, and a serving
// certificate it signed for the loopback names (and the listening address).
// Clients trust the CA (RESTConfig, the kubeconfig), as they trust a
// cluster's, so nobody else can be the server they talk to. kube-apiserver
// makes the same pair when started without certificates; ECDSA keeps a
// start in the milliseconds.
type servingCertificates struct {
	caPEM   []byte
	serving tls.Certificate
}

func newServingCertificates(ips []net.IP) (*servingCertificates, error) {
	now := time.Now()
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	ca := &x509.Certificate{
		SerialNumber:          randomSerial(),
		Subject:               pkix.Name{CommonName: fmt.Sprintf("metagen-ca@%d", now.Unix())},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.Add(365 * 24 * time.Hour),
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature,
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	caDER, err := x509.CreateCertificate(rand.Reader, ca, ca, caKey.Public(), caKey)
	if err != nil {
		return nil, err
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	leaf := &x509.Certificate{
		SerialNumber: randomSerial(),
		Subject:      pkix.Name{CommonName: "metagen-apiserver"},
		NotBefore:    now.Add(-time.Hour),
		NotAfter:     now.Add(365 * 24 * time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		DNSNames:     []string{"localhost"},
		IPAddresses:  append([]net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback}, ips...),
	}
	leafDER, err := x509.CreateCertificate(rand.Reader, leaf, ca, key.Public(), caKey)
	if err != nil {
		return nil, err
	}
	return &servingCertificates{
		caPEM:   pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER}),
		serving: tls.Certificate{Certificate: [][]byte{leafDER}, PrivateKey: key},
	}, nil
}

func randomSerial() *big.Int {
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		panic(err) // crypto/rand does not fail
	}
	return serial
}

// tlsConfig is the serving configuration: TLS 1.2 or later, HTTP/2 first,
// as kube-apiserver's.
func (c *servingCertificates) tlsConfig() *tls.Config {
	return &tls.Config{
		MinVersion:   tls.VersionTLS12,
		Certificates: []tls.Certificate{c.serving},
		NextProtos:   []string{"h2", "http/1.1"},
	}
}

// listenAddress checks addr before the server listens on it: loopback
// addresses (127.0.0.0/8, ::1, localhost) only, unless bindAll allows others,
// as the server acts as a cluster admin for whoever has its token. It
// returns the IP to put in the serving certificate besides the loopback ones
// (nil for loopback and for every interface), and whether the address is
// not loopback.
func listenAddress(addr string, bindAll bool) (ip net.IP, exposed bool, err error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, false, fmt.Errorf("address %q: %w", addr, err)
	}
	if host == "localhost" {
		return nil, false, nil
	}
	ip = net.ParseIP(host)
	if ip != nil && ip.IsLoopback() {
		return nil, false, nil
	}
	if !bindAll {
		what := "is not a loopback address"
		if host == "" || (ip != nil && ip.IsUnspecified()) {
			what = "listens on every interface"
		}
		return nil, false, fmt.Errorf("address %q %s: the server would be reachable from other machines; "+
			"listen on 127.0.0.1, or allow it explicitly (Options.BindAllInterfaces, --bind-all-interfaces)", addr, what)
	}
	if ip == nil || ip.IsUnspecified() {
		return nil, true, nil
	}
	return ip, true, nil
}

// LoopbackTLS makes a throwaway CA and a serving certificate it signed for
// the loopback addresses, as the server makes its own: for a server on
// loopback that kube-apiserver or a client calls, such as a CRD's
// conversion webhook. It returns the CA in PEM (a caBundle) and the serving
// configuration.
func LoopbackTLS() (caPEM []byte, config *tls.Config, err error) {
	certs, err := newServingCertificates(nil)
	if err != nil {
		return nil, nil, err
	}
	return certs.caPEM, certs.tlsConfig(), nil
}
