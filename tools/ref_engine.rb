# frozen_string_literal: true

# Loads the reference engine (18xx.games, installed by /work/shared/tools/ref18xx/setup.sh at
# $REF18XX, default /tmp/ref18xx) for the developer aids beside this file, quiet.
require 'set'
require 'json'

REF_HOME = ENV.fetch('REF18XX', '/tmp/ref18xx')
$LOAD_PATH.unshift(File.join(REF_HOME, 'shim'))
require 'require_all'
require File.join(REF_HOME, 'lib', 'engine')
Engine::Logger.set_level(Logger::FATAL)
