#!/usr/bin/perl
# uridiff worker (protocol uridiff-worker/1, workers/README.md): Perl's URI module (Debian's
# liburi-perl). Run with `perl workers/perl-uri.pl`.
#
# parse = URI->new($input), which never fails: it percent-encodes what may not appear (see
# "serialization") and picks a class by scheme. Components are the object's methods: scheme,
# authority, userinfo, host (percent-decoded, IDNA-encoded by URI), port (the scheme's default
# port when none is given), path, query, fragment; undef (undefined) is kept apart from ''
# (empty). A component whose method the object's class lacks (URI::_foreign, for an unknown
# scheme such as "foo://u@h/p", has no `host`; URI::urn and URI::mailto have no `authority`)
# is left out of the response: not reported, since the library has no such reading.
#
# An opaque URI: for a class without the generic syntax, URI's `path` is the same method as
# `opaque` (URI's docs: "$uri->path ... Sets and returns the same value as $uri->opaque unless
# the URI supports the generic syntax for hierarchical namespaces"), the whole part between
# the scheme and the fragment, query included ("a@b?x" for "mailto:a@b?x"). That is the
# opaque part, not a path, so the path is left out too (not reported) for such a class.
#
# resolve = URI->new_abs($input, $base), normalize = canonical, equivalent = URI::eq. URI->new
# takes characters (URI.pm, BUGS: "If the UTF8 flag is set the UTF-8 encoded version of the
# character is percent encoded. If the UTF8 flag isn't set the Latin-1 version (byte) of the
# character is percent encoded."): an input that is UTF-8 is decoded first, as a program that
# reads a URL as text hands it over, so "ü" is one character, not the two Latin-1 ones of its
# bytes; an input that is not UTF-8 reaches URI->new as its bytes. A component comes back as a
# JSON string only when it is strict UTF-8 (no surrogate code point: `host` decodes
# "%ED%AD%94" to one), else as {"b64": ...} of its bytes.
use strict;
use warnings;

use B ();
use Encode ();
use JSON::PP ();
use MIME::Base64 qw(decode_base64 encode_base64);
# The library, loaded at start; where it cannot be, one line on stderr, `missing: ...` (uridiff
# gives it as the reason this worker is unavailable: workers/README.md, "Set-up"), never the
# compile error of a `use` that failed.
BEGIN {
    for my $module (qw(URI)) {
        next if eval "require $module; 1";
        my ($why) = split /\n/, $@;
        $why =~ s/\.pm in .*/.pm in \@INC/;
        print STDERR "missing: Perl module $module cannot be loaded by perl $^V ($why)\n";
        exit 1;
    }
}
use URI ();

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

# An input's bytes as URI->new is handed them: its characters where it is strict UTF-8 (and
# not ASCII, which is the same either way), else the bytes themselves.
sub text_of {
    my ($bytes) = @_;
    return $bytes unless $bytes =~ /[^\x00-\x7F]/;
    my $text = eval { Encode::decode('UTF-8', $bytes, Encode::FB_CROAK | Encode::LEAVE_SRC) };
    return defined $text ? $text : $bytes;
}

# Perl bytes to a protocol byte string.
sub give {
    my ($value) = @_;
    return undef unless defined $value;
    my $bytes = "$value";
    utf8::encode($bytes) if utf8::is_utf8($bytes);
    # ASCII is strict UTF-8 as it is: most components are, and Encode's decode is the worker's
    # costliest step on them.
    return $bytes unless $bytes =~ /[^\x00-\x7F]/;
    # Perl's own utf8::decode takes surrogates; Encode's "UTF-8" is strict UTF-8 (Encode's docs,
    # "UTF-8 vs. utf8 vs. UTF8"), which is what JSON text must be.
    my $text = eval { Encode::decode('UTF-8', $bytes, Encode::FB_CROAK | Encode::LEAVE_SRC) };
    return $text if defined $text;
    my $b64 = encode_base64($bytes, '');
    return { b64 => $b64 };
}

# The components $uri's class has a reading of (see the head of this file), found once per class:
# `can` depends on the class alone, and asking it eight times per request was a tenth of the
# worker's time.
my %reported_by_class;
sub reported {
    my ($uri) = @_;
    my $names = $reported_by_class{ref $uri} //= do {
        my @names = grep { $uri->can($_) } qw(scheme authority userinfo host port path query fragment);
        # `path` is URI's alias of `opaque` (URI.pm: `sub path { goto &opaque }`) where the class
        # does not override it.
        @names = grep { $_ ne 'path' } @names if $uri->can('path') == URI->can('path');
        \@names;
    };
    return @$names;
}

# A component as the generic syntax reads it: URI::ftp overrides `path` with `path_query`
# (URI/ftp.pm: `sub path { shift->path_query(@_) }`), the query included; the generic syntax's
# own `path` is "the part of the URI between the host name and the ... query" (URI.pm).
sub component {
    my ($uri, $name) = @_;
    return URI::_generic::path($uri) if $name eq 'path' && $uri->isa('URI::_generic');
    return $uri->$name;
}

# Marks the library's call: what dies in it is the library's answer (rejected); a die anywhere
# else is this worker's own failure (crashed: workers/README.md, "Responses").
sub library {
    my ($code) = @_;
    my @got;
    return wantarray ? @got : $got[0] if eval { @got = $code->(); 1 };
    my $why = "$@";
    chomp $why;
    # Perl numbers each string eval of the process ("Identifier too long at (eval 23877) line
    # 1.", from URI's loading of a scheme's class): the number is the process's history, not
    # the request's, and an answer follows from the request alone (workers/README.md).
    $why =~ s/\(eval \d+\)/(eval)/g;
    die { rejected => $why };
}

sub parse {
    my ($input) = @_;
    my ($serialization, @read) = library(sub {
        my $uri = URI->new($input);
        ($uri->as_string, map { ($_, component($uri, $_)) } reported($uri));
    });
    my %read = @read;
    my %components = map { $_ => give($read{$_}) } keys %read;
    return { outcome => 'accepted', components => \%components,
        serialization => give($serialization) };
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
            my $input = text_of(take_bytes($request, 'input'));
            sub { parse($input) };
        } elsif ($op eq 'resolve') {
            my $base = text_of(take_bytes($request, 'base'));
            my $input = text_of(take_bytes($request, 'input'));
            sub { { outcome => 'accepted',
                    value => give(library(sub { URI->new_abs($input, $base)->as_string })) } };
        } elsif ($op eq 'normalize') {
            my $input = text_of(take_bytes($request, 'input'));
            sub { { outcome => 'accepted',
                    value => give(library(sub { URI->new($input)->canonical->as_string })) } };
        } elsif ($op eq 'equivalent') {
            my $input = text_of(take_bytes($request, 'input'));
            my $other = text_of(take_bytes($request, 'other'));
            sub { { outcome => 'accepted',
                    value => library(sub { URI::eq($input, $other) })
                        ? JSON::PP::true : JSON::PP::false } };
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
        # The library's exception is its answer; any other is this worker's own failure.
        $response = eval { $call->() } // do {
            my $error = $@;
            if (ref $error eq 'HASH' && exists $error->{rejected}) {
                { outcome => 'rejected', message => $error->{rejected}, code => 'die',
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
    protocol => 'uridiff-worker/1', name => 'perl-uri', version => "$URI::VERSION",
    profile => 'perl-uri', operations => [qw(parse resolve normalize equivalent)],
    components => [qw(scheme authority userinfo host port path query fragment)],
    decides_validity => JSON::PP::false,
    library => sprintf('URI %s (Perl %vd)', $URI::VERSION, $^V),
    notes => ['URI->new never fails: it percent-encodes what may not appear',
        "port: the scheme's default port when none is given; host: percent-decoded",
        'a method the class lacks is not reported; an opaque URI\'s path (= opaque) is not reported'],
});
# The protocol's lines, read and answered (sdk/UridiffLines.pm). Its `use` lines stand here,
# below the code whose messages name their line, which they would otherwise move.
use FindBin ();
use lib "$FindBin::RealBin/sdk";
use UridiffLines ();
UridiffLines::serve(\&handle, $json);
