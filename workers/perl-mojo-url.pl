#!/usr/bin/perl
# uridiff worker (protocol uridiff-worker/1, workers/README.md): Mojolicious's Mojo::URL
# (Debian's libmojolicious-perl). Run with `perl workers/perl-mojo-url.pl`.
#
# parse = Mojo::URL->new($input), which never fails: it splits with RFC 3986 Appendix B's
# expression ("Official regex from RFC 3986", Mojo/URL.pm) and reads the authority as
# userinfo "@" host ":" port. Components are the object's attributes and methods: scheme,
# userinfo, host, port, fragment (undef, undefined, kept apart from '' where Mojo::URL keeps
# it), path (`$url->path->to_string`, a Mojo::Path, '' when empty) and query
# (`$url->query->to_string`, a Mojo::Parameters). Mojo::URL percent-decodes userinfo, host and
# fragment while parsing ("url_unescape", Mojo/URL.pm `parse` and `host_port`): they are
# reported decoded, as its attributes hold them. Its query is a Mojo::Parameters object, ''
# when the input has none: the query cannot be undefined, and the response says
# "undefined reported as empty" where it is ''. Mojo::URL has no authority attribute
# (`host_port` leaves out the userinfo): authority is not declared.
# serialization = `to_unsafe_string` (`to_string` leaves the userinfo out "for security
# reasons", its documentation says). resolve = Mojo::URL->new($input)->to_abs(Mojo::URL->new
# ($base)), written by `to_unsafe_string`. Mojo::URL takes text: the input is decoded as
# UTF-8 first, and one that is not UTF-8 is rejected with code "not-utf8". A value comes back
# as the UTF-8 form of Mojo::URL's characters (a percent-decoded byte is one character).
use strict;
use warnings;

use B ();
use Encode ();
use JSON::PP ();
use MIME::Base64 qw(decode_base64);
# The library, loaded at start; where it cannot be, one line on stderr, `missing: ...` (uridiff
# gives it as the reason this worker is unavailable: workers/README.md, "Set-up"), never the
# compile error of a `use` that failed.
BEGIN {
    for my $module (qw(Mojo::URL Mojolicious)) {
        next if eval "require $module; 1";
        my ($why) = split /\n/, $@;
        $why =~ s/\.pm in .*/.pm in \@INC/;
        print STDERR "missing: Perl module $module cannot be loaded by perl $^V ($why)\n";
        exit 1;
    }
}
use Mojo::URL ();
use Mojolicious ();

# The protocol's JSON: Cpanel::JSON::XS (Debian's libcpanel-json-xs-perl, which workers/install.sh
# installs) where it is installed, the same text many times faster than the pure-Perl JSON::PP,
# which is the fallback (both give sorted keys, UTF-8 text, and JSON::PP::Boolean true/false).
my $json = (eval { require Cpanel::JSON::XS; Cpanel::JSON::XS->new } || JSON::PP->new)
    ->utf8->canonical->allow_nonref;

# Whether a decoded JSON scalar was a string (both decoders make numbers without a string value).
sub is_json_string {
    my $flags = B::svref_2object(\$_[0])->FLAGS;
    return ($flags & B::SVp_POK) && !($flags & (B::SVp_IOK | B::SVp_NOK));
}

# A protocol byte string as Perl bytes; dies with "bad request: ..." when malformed.
sub take_bytes {
    my ($request, $name) = @_;
    die "bad request: missing field \"$name\"\n" unless exists $request->{$name};
    my $value = $request->{$name};
    if (!ref $value && defined $value && is_json_string($value)) {
        my $bytes = $value;
        utf8::encode($bytes);
        return $bytes;
    }
    if (ref $value eq 'HASH' && defined $value->{b64} && !ref $value->{b64}) {
        die "bad request: field \"$name\": bad base64\n"
            unless $value->{b64} =~ m{\A[A-Za-z0-9+/]*={0,2}\z} && length($value->{b64}) % 4 == 0;
        return decode_base64($value->{b64});
    }
    die "bad request: field \"$name\": a byte string is a string or {\"b64\": ...}\n";
}

# Mojo::URL takes text: it encodes a path to UTF-8 itself (Mojo::Path's `charset`), so the
# input's bytes are decoded as strict UTF-8 first, and an input that is not UTF-8 is refused
# without calling it (code "not-utf8").
sub text {
    my ($bytes) = @_;
    my $text = eval { Encode::decode('UTF-8', $bytes, Encode::FB_CROAK | Encode::LEAVE_SRC) };
    die "not-utf8\n" unless defined $text;
    return $text;
}

# A Mojo::URL value (a Perl character string: what it percent-decodes stays one character per
# byte) to a protocol byte string: its characters in UTF-8, always valid JSON text.
sub give {
    my ($value) = @_;
    return undef unless defined $value;
    my $chars = "$value";
    # ASCII is valid UTF-8 as it is (and encodes to the same JSON with the UTF8 flag or
    # without): most components are, and Encode's two passes were the worker's costliest step.
    return $chars unless $chars =~ /[^\x00-\x7F]/;
    return Encode::decode('UTF-8', Encode::encode('UTF-8', $chars));
}

# Marks the library's call: what dies in it is the library's answer (rejected); a die anywhere
# else is this worker's own failure (crashed: workers/README.md, "Responses").
sub library {
    my ($code) = @_;
    my @got;
    return wantarray ? @got : $got[0] if eval { @got = $code->(); 1 };
    my $why = "$@";
    chomp $why;
    die { rejected => $why };
}

sub parse {
    my ($input) = @_;
    my ($scheme, $userinfo, $host, $port, $path, $query, $fragment, $serialization) = library(sub {
        my $url = Mojo::URL->new(text($input));
        ($url->scheme, $url->userinfo, $url->host, $url->port, $url->path->to_string,
            $url->query->to_string, $url->fragment, $url->to_unsafe_string);
    });
    my %components = (
        scheme => give($scheme), userinfo => give($userinfo),
        host => give($host), port => give($port),
        path => give($path), query => give($query),
        fragment => give($fragment),
    );
    my %response = (outcome => 'accepted', components => \%components,
        serialization => give($serialization));
    $response{note} = 'undefined reported as empty' if $query eq '';
    return \%response;
}

sub handle {
    my ($line) = @_;
    my $request = eval { $json->decode($line) };
    if (!defined $request || ref $request ne 'HASH') {
        my $why = $@ ? "not JSON: $@" : 'a request is a JSON object';
        chomp $why;
        return { id => undef, outcome => 'error', message => $why };
    }
    my $op = $request->{op} // '';
    return undef if $op eq 'shutdown';
    my $call = eval {
        if ($op eq 'parse') {
            my $input = take_bytes($request, 'input');
            sub { parse($input) };
        } elsif ($op eq 'resolve') {
            my $base = take_bytes($request, 'base');
            my $input = take_bytes($request, 'input');
            sub { { outcome => 'accepted',
                    value => give(library(sub {
                        Mojo::URL->new(text($input))->to_abs(Mojo::URL->new(text($base)))
                            ->to_unsafe_string })) } };
        } elsif ($op eq 'normalize' || $op eq 'equivalent') {
            sub { { outcome => 'unsupported', message => "Mojo::URL offers no $op" } };
        } else {
            die "bad request: unknown op " . $json->encode($request->{op}) . "\n";
        }
    };
    my $response;
    if (!$call) {
        my $why = $@;
        chomp $why;
        $why =~ s/\Abad request: //;
        $response = { outcome => 'error', message => $why };
    } else {
        # The library's exception is its answer (text() refusing bytes that are not UTF-8
        # included); any other is this worker's own failure.
        $response = eval { $call->() } // do {
            my $error = $@;
            if (ref $error eq 'HASH' && exists $error->{rejected}) {
                $error->{rejected} eq 'not-utf8'
                    ? { outcome => 'rejected', message => 'not UTF-8; Mojo::URL takes text',
                        code => 'not-utf8', offset => undef }
                    : { outcome => 'rejected', message => $error->{rejected}, code => 'die',
                        offset => undef };
            } else {
                my $why = "$error";
                chomp $why;
                { outcome => 'crashed', message => "$why (died outside library())" };
            }
        };
    }
    return { id => $request->{id}, %$response };
}

sub emit {
    my ($value) = @_;
    print STDOUT $json->encode($value), "\n";
}

binmode STDIN;
binmode STDOUT;
$| = 1;
emit({
    protocol => 'uridiff-worker/1', name => 'perl-mojo-url',
    version => "$Mojolicious::VERSION", profile => 'mojo-url',
    operations => [qw(parse resolve)],
    components => [qw(scheme userinfo host port path query fragment)],
    decides_validity => JSON::PP::false,
    library => sprintf('Mojo::URL (Mojolicious %s, Perl %vd)', $Mojolicious::VERSION, $^V),
    notes => ['Mojo::URL->new never fails: it splits with RFC 3986 Appendix B',
        'userinfo, host and fragment: percent-decoded; query: \'\' when absent (undefined reported as empty)'],
});
# The protocol's lines, read and answered (sdk/UridiffLines.pm). Its `use` lines stand here,
# below the code whose messages name their line, which they would otherwise move.
use FindBin ();
use lib "$FindBin::RealBin/sdk";
use UridiffLines ();
UridiffLines::serve(\&handle, $json);
